// A small customers -> orders -> order lines model shared by the push, roll-up and P&L scenarios.
//   CUST:  C1, C2, C3 (C3 has no orders)
//   ORDERS: O1 -> C1, O2 -> C1, O3 -> C2
//   LINES:  L1 -> O1 (qty 1), L2 -> O1 (qty 2), L3 -> O2 (qty 0), L4 -> O3 (qty 4), L5 -> O9 (dangling)
//   Lines also carry CUST_ID (consistent with their order) and PROD_ID (P1 or P2).

import type { ModelSpec } from "./model-builder.ts";

export function chainModel(extra: Partial<ModelSpec> = {}): ModelSpec {
  return {
    accounts: [["A", 100]],
    pools: [["P", true]],
    activities: [["ACC", "P", false]],
    dimensions: [
      ["CUST", null],
      ["ORDERS", "CUST"],
      ["LINES", "ORDERS"],
      ["PROD", null],
    ],
    records: {
      CUST: [
        { identifier: "C1", budget: 100.005 },
        { identifier: "C2", budget: 7 },
        { identifier: "C3", budget: 0 },
      ],
      ORDERS: [
        { identifier: "O1", CUST_ID: "C1", w: 1 },
        { identifier: "O2", CUST_ID: "C1", w: 1 },
        { identifier: "O3", CUST_ID: "C2", w: 1 },
      ],
      LINES: [
        { identifier: "L1", ORDERS_ID: "O1", CUST_ID: "C1", PROD_ID: "P1", qty: 1, price: 10 },
        { identifier: "L2", ORDERS_ID: "O1", CUST_ID: "C1", PROD_ID: "P2", qty: 2, price: 10 },
        { identifier: "L3", ORDERS_ID: "O2", CUST_ID: "C1", PROD_ID: "P1", qty: 0, price: 10 },
        { identifier: "L4", ORDERS_ID: "O3", CUST_ID: "C2", PROD_ID: "P2", qty: 4, price: 10 },
        { identifier: "L5", ORDERS_ID: "O9", CUST_ID: null, PROD_ID: "P1", qty: 1, price: 0 },
      ],
      PROD: [{ identifier: "P1" }, { identifier: "P2" }],
    },
    step1: [["A", "P", "PERCENTAGE", 100]],
    step3: [["P", "ACC", 100, null]],
    step4: [["ACC", "CUST", "DRIVER", "w2"]],
    ...extra,
  };
}
