// The benchmark model: a distribution company with support departments serving each other
// (reciprocal step 2), a time-driven warehouse and customer service (TDABC, one capacity driver),
// activities landing mostly on customers, a few on orders and order lines, pushes from customers
// to orders to order lines (step 5), revenue/cogs/freight/rebates as calculated drivers with
// step-6 pushes, and a P&L: revenue, cogs, gross margin, cost-to-serve lines, net profit.
// Deterministic: everything comes from the seeded Prng.

import type {
  Account,
  AccountValue,
  Activity,
  CalculatedDriver,
  CostPool,
  DimensionDriver,
  DimensionRecords,
  ModelData,
  PnlLine,
  PoolDriverValue,
  Step1Rule,
  Step2Rule,
  Step3Rule,
  Step4Rule,
  Step5Rule,
} from "../model/types.ts";
import { BENCH_SIZES, type BenchSize } from "./bench-sizes.ts";
import { generateRecords } from "./generate-records.ts";
import { Prng } from "./prng.ts";

const EXPENSE_GROUPS = [
  "Salaries",
  "Rent",
  "Utilities",
  "IT licences",
  "Vehicles",
  "Fuel",
  "Packaging",
  "Travel",
  "Insurance",
  "Depreciation",
  "Marketing",
  "Telecom",
];
const SUPPORT = [
  "IT services",
  "Human resources",
  "Facilities",
  "Finance",
  "Procurement",
  "Quality",
  "Legal",
];
const DEPARTMENTS = [
  "Warehouse",
  "Transport",
  "Sales",
  "Customer service",
  "Key accounts",
  "Product management",
];

const pad = (i: number, width: number) => String(i).padStart(width, "0");

/** Sum of a decimal driver (missing = 0), or the record count for EVEN: the TDABC quantity. */
function quantityOf(records: Map<string, DimensionRecords>, dim: string, driver: string | null): number {
  const r = records.get(dim)!;
  if (driver === null) return r.identifiers.length;
  let sum = 0;
  for (const v of r.decimals.get(driver)!) if (!Number.isNaN(v)) sum += v;
  return sum;
}

export interface ActivityPlan {
  activity: Activity;
  rule: Step4Rule;
  unitMinutes: number;
}

export interface PoolSet {
  pools: CostPool[];
  indirect: CostPool[];
  direct: CostPool[];
  tdabcPools: CostPool[];
  ordinaryPools: CostPool[];
}

/** Pools: support (indirect) first, then departments; the first departments are time-driven. */
export function makePools(n: { pools: number; indirectPools: number; tdabcPools: number }): PoolSet {
  const pools: CostPool[] = [];
  for (let i = 0; i < n.pools; i++) {
    const indirect = i < n.indirectPools;
    const k = indirect ? i : i - n.indirectPools;
    const names = indirect ? SUPPORT : DEPARTMENTS;
    const name = `${names[k % names.length]} ${Math.floor(k / names.length) + 1}`;
    pools.push({ code: indirect ? `SUP${pad(i + 1, 3)}` : `DEP${pad(k + 1, 3)}`, name, isDirect: !indirect });
  }
  const direct = pools.filter((p) => p.isDirect);
  return {
    pools,
    indirect: pools.filter((p) => !p.isDirect),
    direct,
    tdabcPools: direct.slice(0, n.tdabcPools),
    ordinaryPools: direct.slice(n.tdabcPools),
  };
}

/** The light profile (the default): most activities land on customers. */
export function generateModel(size: BenchSize, seed: number): ModelData {
  const n = BENCH_SIZES[size];
  const rng = new Prng(seed);
  const records = generateRecords(rng, n);
  const poolSet = makePools(n);
  const { pools, indirect, direct, tdabcPools, ordinaryPools } = poolSet;

  // Activities and their step-4 rules.
  const plans: ActivityPlan[] = [];
  const nTdabc = Math.round(n.activities / 10);
  let toLines = n.step4OrderLines;
  let toOrders = n.step4Orders;
  // Time-driven activities take at most half of the order and order-line quotas.
  let tdabcToLines = Math.ceil(n.step4OrderLines / 2);
  let tdabcToOrders = Math.ceil(n.step4Orders / 2);
  const nProducts = Math.round(n.activities / 10);
  for (let i = 0; i < n.activities; i++) {
    const code = `ACT${pad(i + 1, 4)}`;
    const isTdabc = i < nTdabc;
    const pool = isTdabc
      ? tdabcPools[i % tdabcPools.length]!
      : ordinaryPools[(i - nTdabc) % ordinaryPools.length]!;
    let rule: Step4Rule;
    let name: string;
    let unitMinutes = 0;
    const r = (
      dimension: string,
      splitType: Step4Rule["splitType"],
      driver: string | null,
      equation: string | null,
    ) => ({ activity: code, dimension, splitType, driver, equation }) satisfies Step4Rule;
    if (isTdabc) {
      // Time-driven: picking per unit on order lines, order processing, service calls, credit checks.
      const j = i % 4;
      if (j === 0 && tdabcToLines > 0) {
        tdabcToLines--;
        toLines--;
        name = "Picking";
        rule = r("ORDER_LINES", "DRIVER", "quantity", null);
        unitMinutes = rng.range(0.3, 0.8);
      } else if (j <= 1 && tdabcToOrders > 0) {
        tdabcToOrders--;
        toOrders--;
        name = "Order processing";
        rule = i % 8 < 4 ? r("ORDERS", "DRIVER", "lines", null) : r("ORDERS", "EVEN", null, null);
        unitMinutes = rng.range(2, 8);
      } else if (j === 2) {
        name = "Customer service call";
        rule = r("CUSTOMERS", "DRIVER", "calls", null);
        unitMinutes = rng.range(6, 15);
      } else {
        name = "Credit check";
        rule = r("CUSTOMERS", "DRIVER", "credit_checks", null);
        unitMinutes = rng.range(20, 40);
      }
    } else if (toLines > 0 && i % 7 === 3) {
      toLines--;
      name = toLines % 2 === 0 ? "Packing" : "Quality inspection";
      rule =
        toLines % 2 === 0
          ? r("ORDER_LINES", "FORMULA", null, "=MAX(1, weight)")
          : r("ORDER_LINES", "EVEN", null, null);
    } else if (toOrders > 0 && i % 5 === 1) {
      toOrders--;
      const k = toOrders % 3;
      name = ["Invoicing", "Delivery scheduling", "Rush handling"][k]!;
      rule = [
        r("ORDERS", "EVEN", null, null),
        r("ORDERS", "DRIVER", "lines", null),
        r("ORDERS", "FORMULA", null, "=1+rush*2"),
      ][k]!;
    } else if (i % 10 === 9 && plans.filter((p) => p.rule.dimension === "PRODUCTS").length < nProducts) {
      name = i % 20 === 9 ? "Catalog maintenance" : "Supplier management";
      rule = i % 20 === 9 ? r("PRODUCTS", "EVEN", null, null) : r("PRODUCTS", "DRIVER", "weight_kg", null);
    } else {
      const k = i % 4;
      name = ["Sales visit", "Key account management", "Marketing campaign", "Returns handling"][k]!;
      rule = [
        r("CUSTOMERS", "DRIVER", "visits", null),
        r("CUSTOMERS", "FORMULA", null, "=credit_checks*2+IF(visits>10, 5, 1)"),
        r("CUSTOMERS", "EVEN", null, null),
        r("CUSTOMERS", "DRIVER", "calls", null),
      ][k]!;
    }
    plans.push({ activity: { code, name: `${name} ${i + 1}`, pool: pool.code, isTdabc }, rule, unitMinutes });
  }

  const { step3, capacity } = makeStep3(rng, poolSet, plans, records);
  const { accounts, accountValues, step1 } = makeAccounts(rng, n.accounts, pools);
  const step2 = makeStep2(rng, indirect, direct);
  const poolDriverValues = makePoolDriverValues(rng, poolSet, capacity);

  // Step 5: customer-level costs to orders, order-level costs to order lines (one chain goes all
  // the way down), plus one NOT_ALLOCATE rule.
  const step5: Step5Rule[] = [];
  const onCustomers = plans.filter((p) => p.rule.dimension === "CUSTOMERS" && !p.activity.isTdabc);
  const onOrders = plans.filter((p) => p.rule.dimension === "ORDERS");
  const toOrderSplits: Step5Rule["split"][] = [
    { kind: "DRIVER", driver: "lines" },
    { kind: "EVEN" },
    { kind: "FORMULA", formula: "=1+rush" },
  ];
  const pushedToOrders = onCustomers.slice(0, n.pushesToOrders);
  pushedToOrders.forEach((p, k) => {
    step5.push({
      activity: p.activity.code,
      parentDimension: "CUSTOMERS",
      childDimension: "ORDERS",
      split: toOrderSplits[k % 3]!,
    });
  });
  const notAllocated = onCustomers[n.pushesToOrders];
  if (notAllocated) {
    step5.push({
      activity: notAllocated.activity.code,
      parentDimension: "CUSTOMERS",
      childDimension: "ORDERS",
      split: { kind: "NOT_ALLOCATE" },
    });
  }
  const chained = pushedToOrders[0]!;
  const toLineSplits: Step5Rule["split"][] = [
    { kind: "DRIVER", driver: "quantity" },
    { kind: "FORMULA", formula: "=quantity*price" },
    { kind: "EVEN" },
  ];
  const pushedToLines = [
    chained,
    ...onOrders.filter((p) => !p.activity.isTdabc).slice(0, n.pushesToLines - 1),
  ];
  pushedToLines.forEach((p, k) => {
    step5.push({
      activity: p.activity.code,
      parentDimension: "ORDERS",
      childDimension: "ORDER_LINES",
      split: toLineSplits[k % 3]!,
    });
  });

  const calculatedDrivers = LIGHT_CALCULATED_DRIVERS;

  const pnlLines = makePnlLines(plans, chained.activity.code);

  return {
    info: {
      name: `Benchmark distribution company (${size})`,
      shortDescription: `Generated by costflow bench generate --size ${size} --seed ${seed}`,
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
    pools,
    poolDrivers: POOL_DRIVERS,
    poolDriverValues,
    activities: plans.map((p) => p.activity),
    dimensions: DIMENSIONS,
    dimensionDrivers: DIMENSION_DRIVERS,
    records,
    calculatedDrivers,
    rules: {
      step1,
      step2,
      step3,
      step4: plans.map((p) => p.rule),
      step5,
      step6: [
        {
          calculatedDriver: "freight_revenue",
          parentDimension: "ORDERS",
          childDimension: "ORDER_LINES",
          split: { kind: "DRIVER", driver: "quantity" },
        },
        {
          calculatedDriver: "rebates",
          parentDimension: "CUSTOMERS",
          childDimension: "ORDERS",
          split: { kind: "DRIVER", driver: "lines" },
        },
      ],
    },
    pnlLines,
    settings: { step2Strategy: "not_allocate", profitLine: "NET" },
  };
}

export const POOL_DRIVERS: ModelData["poolDrivers"] = [
  { name: "sqm", isTdabc: false },
  { name: "headcount", isTdabc: false },
  { name: "capacity_minutes", isTdabc: true },
];

export const DIMENSIONS: ModelData["dimensions"] = [
  { code: "CUSTOMERS", name: "Customers", parent: null },
  { code: "ORDERS", name: "Orders", parent: "CUSTOMERS" },
  { code: "PRODUCTS", name: "Products", parent: null },
  { code: "ORDER_LINES", name: "Order lines", parent: "ORDERS" },
];

export const DIMENSION_DRIVERS: DimensionDriver[] = [
  { dimension: "CUSTOMERS", name: "region", dataType: "TEXT" },
  { dimension: "CUSTOMERS", name: "visits", dataType: "DECIMAL" },
  { dimension: "CUSTOMERS", name: "calls", dataType: "DECIMAL" },
  { dimension: "CUSTOMERS", name: "credit_checks", dataType: "DECIMAL" },
  { dimension: "CUSTOMERS", name: "rebate", dataType: "DECIMAL" },
  { dimension: "PRODUCTS", name: "category", dataType: "TEXT" },
  { dimension: "PRODUCTS", name: "unit_cost", dataType: "DECIMAL" },
  { dimension: "PRODUCTS", name: "list_price", dataType: "DECIMAL" },
  { dimension: "PRODUCTS", name: "weight_kg", dataType: "DECIMAL" },
  { dimension: "ORDERS", name: "CUSTOMERS_ID", dataType: "DIMENSION" },
  { dimension: "ORDERS", name: "order_date", dataType: "DATE" },
  { dimension: "ORDERS", name: "lines", dataType: "DECIMAL" },
  { dimension: "ORDERS", name: "rush", dataType: "DECIMAL" },
  { dimension: "ORDERS", name: "freight_charged", dataType: "DECIMAL" },
  { dimension: "ORDER_LINES", name: "ORDERS_ID", dataType: "DIMENSION" },
  { dimension: "ORDER_LINES", name: "PRODUCTS_ID", dataType: "DIMENSION" },
  { dimension: "ORDER_LINES", name: "quantity", dataType: "DECIMAL" },
  { dimension: "ORDER_LINES", name: "price", dataType: "DECIMAL" },
  { dimension: "ORDER_LINES", name: "unit_cost", dataType: "DECIMAL" },
  { dimension: "ORDER_LINES", name: "weight", dataType: "DECIMAL" },
];
const LIGHT_CALCULATED_DRIVERS: CalculatedDriver[] = [
  { dimension: "ORDER_LINES", name: "revenue", formula: "=quantity*price", isPnlLine: true },
  { dimension: "ORDER_LINES", name: "cogs", formula: "=quantity*unit_cost", isPnlLine: true },
  { dimension: "ORDERS", name: "freight_revenue", formula: "=freight_charged", isPnlLine: true },
  { dimension: "CUSTOMERS", name: "rebates", formula: "=rebate", isPnlLine: true },
];

/**
 * Step 3: ordinary pools split by percentages; time-driven pools by unit minutes, with a
 * practical capacity 10-35% above the minutes used.
 */
export function makeStep3(
  rng: Prng,
  { direct, tdabcPools }: PoolSet,
  plans: ActivityPlan[],
  records: Map<string, DimensionRecords>,
): { step3: Step3Rule[]; capacity: Map<string, number> } {
  const step3: Step3Rule[] = [];
  const capacity = new Map<string, number>();
  for (const pool of direct) {
    const own = plans.filter((p) => p.activity.pool === pool.code);
    if (own.length === 0) continue;
    const isTdabc = tdabcPools.includes(pool);
    const shares = isTdabc ? own.map(() => 100) : rng.partition(100, own.length);
    own.forEach((p, k) => {
      if (isTdabc) {
        const u = Math.round(p.unitMinutes * 100) / 100;
        p.unitMinutes = u;
        const minutes =
          u * quantityOf(records, p.rule.dimension, p.rule.splitType === "EVEN" ? null : p.rule.driver);
        capacity.set(pool.code, (capacity.get(pool.code) ?? 0) + minutes);
      }
      step3.push({
        pool: pool.code,
        activity: p.activity.code,
        percentage: shares[k]!,
        unitMinutes: isTdabc ? p.unitMinutes : null,
      });
    });
  }
  return { step3, capacity };
}

/** Accounts and step 1. */
export function makeAccounts(
  rng: Prng,
  count: number,
  pools: CostPool[],
): { accounts: Account[]; accountValues: AccountValue[]; step1: Step1Rule[] } {
  const accounts: Account[] = [];
  const accountValues: AccountValue[] = [];
  const step1: Step1Rule[] = [];
  const width = String(count).length;
  for (let i = 0; i < count; i++) {
    const group = EXPENSE_GROUPS[i % EXPENSE_GROUPS.length]!;
    const code = `ACC${pad(i + 1, width)}`;
    accounts.push({
      code,
      name: `${group} ${Math.floor(i / EXPENSE_GROUPS.length) + 1}`,
      expenseGroup: group,
    });
    accountValues.push({ account: code, amount: Math.round(rng.logNormal(9.5, 1.3) * 100) / 100 });
    const targets = new Set<string>([pools[i % pools.length]!.code]);
    if (rng.chance(0.06)) {
      // Shared space costs split by square metres.
      while (targets.size < rng.int(2, 4)) targets.add(rng.pick(pools).code);
      for (const pool of targets)
        step1.push({ account: code, pool, type: "DRIVER", percentage: 100, driver: "sqm" });
      continue;
    }
    const count = rng.int(1, 3);
    while (targets.size < count) targets.add(rng.pick(pools).code);
    // 1% of accounts are deliberately under-allocated (90%).
    const shares = rng.partition(rng.chance(0.01) ? 90 : 100, targets.size);
    [...targets].forEach((pool, k) => {
      step1.push({ account: code, pool, type: "PERCENTAGE", percentage: shares[k]!, driver: null });
    });
  }
  return { accounts, accountValues, step1 };
}

/** Step 2: each support department serves one or two others and several departments. */
export function makeStep2(rng: Prng, indirect: CostPool[], direct: CostPool[]): Step2Rule[] {
  const step2: Step2Rule[] = [];
  indirect.forEach((source, i) => {
    let left = 100;
    const others = indirect.filter((p) => p !== source);
    const served = new Set<string>();
    for (let k = 0; k < Math.min(others.length, rng.int(1, 2)); k++) served.add(rng.pick(others).code);
    for (const dest of served) {
      const pct = rng.int(3, 12);
      left -= pct;
      step2.push({
        source: source.code,
        destination: dest,
        type: "PERCENTAGE",
        percentage: pct,
        driver: null,
      });
    }
    const targets = new Set<string>();
    const count = Math.min(direct.length, rng.int(3, 8));
    while (targets.size < count) targets.add(rng.pick(direct).code);
    if (i % 4 === 3) {
      for (const dest of targets) {
        step2.push({
          source: source.code,
          destination: dest,
          type: "DRIVER",
          percentage: left,
          driver: "headcount",
        });
      }
    } else {
      const shares = rng.partition(left, targets.size);
      [...targets].forEach((dest, k) => {
        step2.push({
          source: source.code,
          destination: dest,
          type: "PERCENTAGE",
          percentage: shares[k]!,
          driver: null,
        });
      });
    }
  });
  return step2;
}

/** Square metres and headcount per pool; time-driven pools' capacities above the minutes used. */
export function makePoolDriverValues(
  rng: Prng,
  { pools, direct, tdabcPools }: PoolSet,
  capacity: Map<string, number>,
): PoolDriverValue[] {
  const poolDriverValues: PoolDriverValue[] = [];
  for (const p of pools) poolDriverValues.push({ driver: "sqm", pool: p.code, value: rng.int(50, 2000) });
  for (const p of direct) poolDriverValues.push({ driver: "headcount", pool: p.code, value: rng.int(1, 40) });
  for (const p of tdabcPools) {
    const used = capacity.get(p.code) ?? 0;
    poolDriverValues.push({
      driver: "capacity_minutes",
      pool: p.code,
      value: Math.ceil(used * rng.range(1.1, 1.35)),
    });
  }
  return poolDriverValues;
}

export function pnlLine(
  code: string,
  description: string,
  category: PnlLine["category"],
  rank: number,
  extra: Partial<PnlLine> = {},
): PnlLine {
  return {
    code,
    description,
    category,
    activity: null,
    calculatedDriver: null,
    dimension: null,
    formula: null,
    factor: 1,
    parent: null,
    rank,
    ...extra,
  };
}

/**
 * The P&L: revenue, freight, rebates, cogs, gross margin, cost-to-serve lines (ACT lines of
 * activities that land on each level; `chained` is pushed all the way down), net profit.
 */
export function makePnlLines(plans: ActivityPlan[], chained: string): PnlLine[] {
  const act = (...preds: ((p: ActivityPlan) => boolean)[]) => {
    for (const pred of preds) {
      const found = plans.find(pred);
      if (found) return found.activity.code;
    }
    return plans[0]!.activity.code;
  };
  return [
    pnlLine("REV", "Revenue", "DRI", 1, { calculatedDriver: "revenue", dimension: "ORDER_LINES" }),
    pnlLine("FREIGHT", "Freight charged", "DRI", 2, {
      calculatedDriver: "freight_revenue",
      dimension: "ORDERS",
    }),
    pnlLine("REBATES", "Customer rebates", "DRI", 3, {
      calculatedDriver: "rebates",
      dimension: "CUSTOMERS",
      factor: -1,
    }),
    pnlLine("COGS", "Cost of goods sold", "DRI", 4, {
      calculatedDriver: "cogs",
      dimension: "ORDER_LINES",
      factor: -1,
    }),
    pnlLine("GM", "Gross margin", "FOR", 5, { formula: "=REV+FREIGHT+REBATES+COGS" }),
    pnlLine("CTS", "Cost to serve", "AGG", 6, { factor: -1 }),
    pnlLine("CTS_PICK", "Picking", "ACT", 7, {
      parent: "CTS",
      activity: act((p) => p.rule.dimension === "ORDER_LINES"),
    }),
    pnlLine("CTS_ORDER", "Order processing", "ACT", 8, {
      parent: "CTS",
      activity: act(
        (p) => p.activity.isTdabc && p.rule.dimension === "ORDERS",
        (p) => p.rule.dimension === "ORDERS",
      ),
    }),
    pnlLine("CTS_SERVICE", "Customer service", "ACT", 9, {
      parent: "CTS",
      activity: act(
        (p) => p.activity.isTdabc && p.rule.dimension === "CUSTOMERS",
        (p) => p.rule.dimension === "CUSTOMERS" && p.activity.code !== chained,
      ),
    }),
    pnlLine("CTS_DELIVERY", "Delivery", "ACT", 10, { parent: "CTS", activity: chained }),
    pnlLine("NET", "Net profit", "FOR", 11, { formula: "=GM+CTS" }),
  ];
}
