// The dense benchmark profile (`costflow bench generate --profile dense`): the same company and
// records as the light profile, but most activities land below the customers (orders, order lines,
// products) and many of them are pushed down by step 5 (customers -> orders -> order lines,
// products -> order lines), with chained step-6 pushes. It stresses the per-record work of steps
// 4 to 6 and the P&L, where the light profile stresses reading. Deterministic from the seed.

import type {
  Activity,
  CalculatedDriver,
  ModelData,
  Step4Rule,
  Step5Rule,
  Step6Rule,
} from "../model/types.ts";
import { type BenchSize, DENSE_SIZES, type DenseCounts } from "./bench-sizes.ts";
import {
  type ActivityPlan,
  DIMENSION_DRIVERS,
  DIMENSIONS,
  makeAccounts,
  makePnlLines,
  makePoolDriverValues,
  makePools,
  makeStep2,
  makeStep3,
  POOL_DRIVERS,
  type PoolSet,
  pnlLine,
} from "./generate-model.ts";
import { generateRecords } from "./generate-records.ts";
import { Prng } from "./prng.ts";

type Dim = "ORDER_LINES" | "ORDERS" | "CUSTOMERS" | "PRODUCTS";
const DIMS: readonly Dim[] = ["ORDER_LINES", "ORDERS", "CUSTOMERS", "PRODUCTS"];

type RuleShape = Pick<Step4Rule, "splitType" | "driver" | "equation">;
const drv = (driver: string): RuleShape => ({ splitType: "DRIVER", driver, equation: null });
const even: RuleShape = { splitType: "EVEN", driver: null, equation: null };
const formula = (equation: string): RuleShape => ({ splitType: "FORMULA", driver: null, equation });

/** Ordinary activities per dimension: names and step-4 splits, taken in turn. */
const ORDINARY: Record<Dim, { names: string[]; rules: RuleShape[] }> = {
  ORDER_LINES: {
    names: ["Packing", "Quality inspection", "Labelling", "Kitting", "Returns per line"],
    rules: [drv("quantity"), formula("=MAX(1, weight)"), even, formula("=quantity*price"), drv("weight")],
  },
  ORDERS: {
    names: ["Invoicing", "Delivery scheduling", "Rush handling", "Freight booking"],
    rules: [even, drv("lines"), formula("=1+rush*2"), formula("=1+freight_charged")],
  },
  CUSTOMERS: {
    names: ["Sales visit", "Key account management", "Marketing campaign", "Returns handling"],
    rules: [drv("visits"), formula("=credit_checks*2+IF(visits>10, 5, 1)"), even, drv("calls")],
  },
  PRODUCTS: {
    names: ["Catalog maintenance", "Supplier management", "Pricing review"],
    rules: [even, drv("weight_kg"), drv("list_price")],
  },
};

/** Time-driven activities per dimension: a quantity driver (or EVEN) and unit minutes. */
const TIME_DRIVEN: Record<Dim, { name: string; rule: RuleShape; minutes: [number, number] }> = {
  ORDER_LINES: { name: "Picking", rule: drv("quantity"), minutes: [0.3, 0.8] },
  ORDERS: { name: "Order processing", rule: drv("lines"), minutes: [2, 8] },
  CUSTOMERS: { name: "Customer service call", rule: drv("calls"), minutes: [6, 15] },
  PRODUCTS: { name: "Product data upkeep", rule: even, minutes: [20, 40] },
};

/**
 * The dimension of each activity: the quotas interleaved (each step takes the dimension with the
 * largest share of its quota left, ties to the first), so every range of activities, and thus the
 * time-driven ones at the front, covers all four dimensions.
 */
function dimensionOrder(step4: DenseCounts["step4"]): Dim[] {
  const quota: Record<Dim, number> = {
    ORDER_LINES: step4.orderLines,
    ORDERS: step4.orders,
    CUSTOMERS: step4.customers,
    PRODUCTS: step4.products,
  };
  const used: Record<Dim, number> = { ORDER_LINES: 0, ORDERS: 0, CUSTOMERS: 0, PRODUCTS: 0 };
  const total = DIMS.reduce((a, d) => a + quota[d], 0);
  const order: Dim[] = [];
  for (let i = 0; i < total; i++) {
    let best: Dim | null = null;
    let bestLeft = -1;
    for (const d of DIMS) {
      if (used[d] >= quota[d]) continue;
      const left = (quota[d] - used[d]) / quota[d];
      if (left > bestLeft) {
        best = d;
        bestLeft = left;
      }
    }
    used[best!]++;
    order.push(best!);
  }
  return order;
}

function planActivities(rng: Prng, n: DenseCounts, pools: PoolSet): ActivityPlan[] {
  const order = dimensionOrder(n.step4);
  const nTdabc = Math.round(order.length / 10);
  const perDim: Record<Dim, number> = { ORDER_LINES: 0, ORDERS: 0, CUSTOMERS: 0, PRODUCTS: 0 };
  const width = String(order.length).length;
  return order.map((dimension, i): ActivityPlan => {
    const code = `ACT${String(i + 1).padStart(Math.max(4, width), "0")}`;
    const isTdabc = i < nTdabc;
    const k = perDim[dimension]++;
    const pool = isTdabc
      ? pools.tdabcPools[i % pools.tdabcPools.length]!
      : pools.ordinaryPools[(i - nTdabc) % pools.ordinaryPools.length]!;
    let name: string;
    let shape: RuleShape;
    let unitMinutes = 0;
    if (isTdabc) {
      const t = TIME_DRIVEN[dimension];
      name = t.name;
      shape = t.rule;
      unitMinutes = rng.range(t.minutes[0], t.minutes[1]);
    } else {
      const o = ORDINARY[dimension];
      name = o.names[k % o.names.length]!;
      shape = o.rules[k % o.rules.length]!;
    }
    const activity: Activity = { code, name: `${name} ${i + 1}`, pool: pool.code, isTdabc };
    return { activity, rule: { activity: code, dimension, ...shape }, unitMinutes };
  });
}

const TO_ORDERS: Step5Rule["split"][] = [
  { kind: "DRIVER", driver: "lines" },
  { kind: "EVEN" },
  { kind: "FORMULA", formula: "=1+rush" },
];
const TO_LINES: Step5Rule["split"][] = [
  { kind: "DRIVER", driver: "quantity" },
  { kind: "FORMULA", formula: "=quantity*price" },
  { kind: "EVEN" },
  { kind: "FORMULA", formula: "=MAX(1, weight)" },
];
const PRODUCT_TO_LINES: Step5Rule["split"][] = [
  { kind: "DRIVER", driver: "quantity" },
  { kind: "EVEN" },
  { kind: "FORMULA", formula: "=quantity*price" },
];

/**
 * Step 5: customer activities to orders (the last of them NOT_ALLOCATE), the others chained on
 * to order lines, topped up with order activities; product activities to order lines.
 */
function makeStep5(n: DenseCounts, plans: ActivityPlan[]): { step5: Step5Rule[]; chained: string } {
  const on = (dim: Dim) => plans.filter((p) => p.rule.dimension === dim).map((p) => p.activity.code);
  const step5: Step5Rule[] = [];
  const push = (activity: string, parent: Dim, child: Dim, split: Step5Rule["split"]) =>
    step5.push({ activity, parentDimension: parent, childDimension: child, split });
  const toOrders = on("CUSTOMERS").slice(0, n.pushes.customersToOrders);
  toOrders.forEach((a, k) => {
    const last = k === toOrders.length - 1;
    push(a, "CUSTOMERS", "ORDERS", last ? { kind: "NOT_ALLOCATE" } : TO_ORDERS[k % TO_ORDERS.length]!);
  });
  const chainedDown = toOrders.slice(0, -1);
  const toLines = [...chainedDown, ...on("ORDERS")].slice(0, n.pushes.ordersToLines);
  toLines.forEach((a, k) => {
    push(a, "ORDERS", "ORDER_LINES", TO_LINES[k % TO_LINES.length]!);
  });
  on("PRODUCTS")
    .slice(0, n.pushes.productsToLines)
    .forEach((a, k) => {
      push(a, "PRODUCTS", "ORDER_LINES", PRODUCT_TO_LINES[k % PRODUCT_TO_LINES.length]!);
    });
  return { step5, chained: chainedDown[0] ?? toLines[0]! };
}

const CALCULATED_DRIVERS: CalculatedDriver[] = [
  { dimension: "ORDER_LINES", name: "revenue", formula: "=quantity*price", isPnlLine: true },
  { dimension: "ORDER_LINES", name: "cogs", formula: "=quantity*unit_cost", isPnlLine: true },
  { dimension: "ORDERS", name: "freight_revenue", formula: "=freight_charged", isPnlLine: true },
  { dimension: "CUSTOMERS", name: "rebates", formula: "=rebate", isPnlLine: true },
  { dimension: "PRODUCTS", name: "supplier_bonus", formula: "=ROUND(list_price*0.4, 2)", isPnlLine: true },
];

/** Step 6, chained: rebates customers -> orders -> order lines; freight and bonuses to lines. */
const STEP6: Step6Rule[] = [
  {
    calculatedDriver: "rebates",
    parentDimension: "CUSTOMERS",
    childDimension: "ORDERS",
    split: { kind: "DRIVER", driver: "lines" },
  },
  {
    calculatedDriver: "rebates",
    parentDimension: "ORDERS",
    childDimension: "ORDER_LINES",
    split: { kind: "FORMULA", formula: "=quantity*price" },
  },
  {
    calculatedDriver: "freight_revenue",
    parentDimension: "ORDERS",
    childDimension: "ORDER_LINES",
    split: { kind: "DRIVER", driver: "quantity" },
  },
  {
    calculatedDriver: "supplier_bonus",
    parentDimension: "PRODUCTS",
    childDimension: "ORDER_LINES",
    split: { kind: "DRIVER", driver: "quantity" },
  },
];

export function generateDenseModel(size: BenchSize, seed: number): ModelData {
  const n = DENSE_SIZES[size];
  const rng = new Prng(seed);
  const records = generateRecords(rng, n);
  const poolSet = makePools(n);
  const plans = planActivities(rng, n, poolSet);
  const { step3, capacity } = makeStep3(rng, poolSet, plans, records);
  const { accounts, accountValues, step1 } = makeAccounts(rng, n.accounts, poolSet.pools);
  const step2 = makeStep2(rng, poolSet.indirect, poolSet.direct);
  const poolDriverValues = makePoolDriverValues(rng, poolSet, capacity);
  const { step5, chained } = makeStep5(n, plans);
  // The light P&L, with the supplier bonus (on products, pushed to lines) in the net profit.
  const pnlLines = [
    ...makePnlLines(plans, chained).map((l) => (l.code === "NET" ? { ...l, formula: "=GM+CTS+BONUS" } : l)),
    pnlLine("BONUS", "Supplier bonus", "DRI", 12, {
      calculatedDriver: "supplier_bonus",
      dimension: "PRODUCTS",
    }),
  ];
  return {
    info: {
      name: `Benchmark distribution company, dense (${size})`,
      shortDescription: `Generated by costflow bench generate --profile dense --size ${size} --seed ${seed}`,
      scenario: {
        name: "Budget 2025",
        description: "Generated benchmark scenario",
        currency: "EUR",
        periodFrom: "2025-01-01",
        periodTo: "2025-12-31",
      },
    },
    accounts,
    accountValues,
    pools: poolSet.pools,
    poolDrivers: POOL_DRIVERS,
    poolDriverValues,
    activities: plans.map((p) => p.activity),
    dimensions: DIMENSIONS,
    dimensionDrivers: DIMENSION_DRIVERS,
    records,
    calculatedDrivers: CALCULATED_DRIVERS,
    rules: { step1, step2, step3, step4: plans.map((p) => p.rule), step5, step6: STEP6 },
    pnlLines,
    settings: { step2Strategy: "not_allocate", profitLine: "NET" },
  };
}
