// Sizes of the benchmark bundles. L is the target of docs/performance.md (calc in 10 s); M is
// about a fifth of L and S about a fiftieth. The step-4/5 counts keep the per-record work bounded:
// most activities land on customers; only a few reach orders and order lines.

export type BenchSize = "S" | "M" | "L";

export interface BenchCounts {
  accounts: number;
  pools: number;
  indirectPools: number;
  activities: number;
  tdabcPools: number;
  customers: number;
  products: number;
  orders: number;
  orderLines: number;
  /** Activities whose step-4 rule targets order lines / orders. */
  step4OrderLines: number;
  step4Orders: number;
  /** Step-5 pushes customers -> orders and orders -> order lines. */
  pushesToOrders: number;
  pushesToLines: number;
}

export const BENCH_SIZES: Record<BenchSize, BenchCounts> = {
  S: {
    accounts: 100,
    pools: 10,
    indirectPools: 3,
    activities: 20,
    tdabcPools: 1,
    customers: 1_000,
    products: 200,
    orders: 20_000,
    orderLines: 100_000,
    step4OrderLines: 2,
    step4Orders: 4,
    pushesToOrders: 3,
    pushesToLines: 2,
  },
  M: {
    accounts: 1_000,
    pools: 40,
    indirectPools: 6,
    activities: 100,
    tdabcPools: 4,
    customers: 10_000,
    products: 2_000,
    orders: 200_000,
    orderLines: 1_000_000,
    step4OrderLines: 3,
    step4Orders: 10,
    pushesToOrders: 6,
    pushesToLines: 3,
  },
  L: {
    accounts: 5_000,
    pools: 200,
    indirectPools: 20,
    activities: 500,
    tdabcPools: 18,
    customers: 50_000,
    products: 10_000,
    orders: 1_000_000,
    orderLines: 5_000_000,
    step4OrderLines: 5,
    step4Orders: 25,
    pushesToOrders: 10,
    pushesToLines: 4,
  },
};

export function isBenchSize(s: string): s is BenchSize {
  return s === "S" || s === "M" || s === "L";
}
