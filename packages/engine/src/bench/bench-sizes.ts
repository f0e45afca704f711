// Sizes of the benchmark bundles. L is the target of docs/performance.md (calc in 10 s); M is
// about a fifth of L and S about a fiftieth. The step-4/5 counts keep the per-record work bounded:
// most activities land on customers; only a few reach orders and order lines.

export type BenchSize = "S" | "M" | "L";

/**
 * `light`: the original model (few activities below customers; the default). `dense`: most
 * activities land on orders, order lines and products, with many step-5 pushes (docs/performance.md,
 * "Dense profile").
 */
export type BenchProfile = "light" | "dense";

export function isBenchProfile(s: string): s is BenchProfile {
  return s === "light" || s === "dense";
}

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

/** Counts of the dense profile: activities per step-4 dimension and step-5 pushes per link. */
export interface DenseCounts {
  accounts: number;
  pools: number;
  indirectPools: number;
  tdabcPools: number;
  customers: number;
  products: number;
  orders: number;
  orderLines: number;
  /** Activities whose step-4 rule lands on each dimension (their sum is the activity count). */
  step4: { orderLines: number; orders: number; customers: number; products: number };
  /** Step-5 pushes per link. */
  pushes: { ordersToLines: number; productsToLines: number; customersToOrders: number };
}

// M is the shape of issue 11 (300 activities: 56 on order lines, 99 on orders, 89 on customers, 56
// on products; 96 + 19 + 66 pushes). L keeps those proportions over 500 activities; S over 60.
export const DENSE_SIZES: Record<BenchSize, DenseCounts> = {
  S: {
    accounts: 200,
    pools: 20,
    indirectPools: 4,
    tdabcPools: 2,
    customers: 2_000,
    products: 500,
    orders: 20_000,
    orderLines: 100_000,
    step4: { orderLines: 11, orders: 20, customers: 18, products: 11 },
    pushes: { ordersToLines: 19, productsToLines: 4, customersToOrders: 13 },
  },
  M: {
    accounts: 2_000,
    pools: 80,
    indirectPools: 10,
    tdabcPools: 6,
    customers: 20_000,
    products: 5_000,
    orders: 200_000,
    orderLines: 1_000_000,
    step4: { orderLines: 56, orders: 99, customers: 89, products: 56 },
    pushes: { ordersToLines: 96, productsToLines: 19, customersToOrders: 66 },
  },
  L: {
    accounts: 5_000,
    pools: 200,
    indirectPools: 20,
    tdabcPools: 18,
    customers: 50_000,
    products: 10_000,
    orders: 1_000_000,
    orderLines: 5_000_000,
    step4: { orderLines: 93, orders: 165, customers: 148, products: 94 },
    pushes: { ordersToLines: 160, productsToLines: 32, customersToOrders: 110 },
  },
};
