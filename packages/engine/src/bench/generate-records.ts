// Records of the benchmark company: customers (skewed sizes, so a few whales buy most), products
// (a few sold below cost), orders and order lines (typed arrays; one string per identifier only).

import type { DimensionRecords } from "../model/types.ts";
import type { BenchCounts } from "./bench-sizes.ts";
import { type Prng, WeightedPicker } from "./prng.ts";

const REGIONS = ["North", "South", "East", "West", "Central"];
const CATEGORIES = ["Beverages", "Dairy", "Frozen", "Dry goods", "Household", "Personal care", "Snacks"];

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function ids(prefix: string, count: number): string[] {
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => prefix + String(i + 1).padStart(width, "0"));
}

function records(dimension: string, identifiers: string[]): DimensionRecords {
  return { dimension, identifiers, decimals: new Map(), texts: new Map(), relations: new Map() };
}

export function generateRecords(
  rng: Prng,
  n: Pick<BenchCounts, "customers" | "products" | "orders" | "orderLines">,
): Map<string, DimensionRecords> {
  // In this order: each draws from the seeded Prng in turn.
  const { customers, size } = generateCustomers(rng, n.customers);
  const products = generateProducts(rng, n.products);
  const orders = generateOrders(rng, n, size);
  const lines = generateOrderLines(rng, n.orderLines, orders, products, size);
  return new Map([
    ["CUSTOMERS", customers],
    ["PRODUCTS", products.records],
    ["ORDERS", orders.records],
    ["ORDER_LINES", lines],
  ]);
}

/** Customers and their size (log-normal, so a few whales buy most). */
function generateCustomers(rng: Prng, count: number): { customers: DimensionRecords; size: Float64Array } {
  const customers = records("CUSTOMERS", ids("C", count));
  const size = new Float64Array(count);
  const visits = new Float64Array(count);
  const calls = new Float64Array(count);
  const creditChecks = new Float64Array(count);
  const rebate = new Float64Array(count);
  const region: string[] = [];
  for (let i = 0; i < count; i++) {
    const s = rng.logNormal(0, 1.3);
    size[i] = s;
    visits[i] = Math.min(60, Math.round(s * 2 + rng.int(0, 4)));
    calls[i] = Math.round(s * 6 + rng.int(0, 15));
    creditChecks[i] = rng.int(0, 12);
    // Most customers have no rebate agreement: the cell is empty (missing).
    rebate[i] = rng.chance(0.3) ? round(rng.logNormal(5.5, 1), 2) : Number.NaN;
    region.push(rng.pick(REGIONS));
  }
  customers.decimals.set("visits", visits);
  customers.decimals.set("calls", calls);
  customers.decimals.set("credit_checks", creditChecks);
  customers.decimals.set("rebate", rebate);
  customers.texts.set("region", region);
  return { customers, size };
}

interface GeneratedProducts {
  records: DimensionRecords;
  unitCost: Float64Array;
  listPrice: Float64Array;
  weightKg: Float64Array;
  /** Weights of the product picker: a long tail. */
  popularity: Float64Array;
}

function generateProducts(rng: Prng, count: number): GeneratedProducts {
  const products = records("PRODUCTS", ids("P", count));
  const unitCost = new Float64Array(count);
  const listPrice = new Float64Array(count);
  const weightKg = new Float64Array(count);
  const popularity = new Float64Array(count);
  const category: string[] = [];
  for (let i = 0; i < count; i++) {
    unitCost[i] = Math.max(0.2, round(rng.logNormal(2.3, 1), 2));
    // 4% of products sell below cost.
    listPrice[i] = round(unitCost[i]! * (rng.chance(0.04) ? rng.range(0.8, 1) : rng.range(1.15, 1.9)), 2);
    weightKg[i] = Math.max(0.01, round(rng.logNormal(0, 1), 3));
    popularity[i] = 1 / (i + 10) ** 0.9;
    category.push(rng.pick(CATEGORIES));
  }
  products.decimals.set("unit_cost", unitCost);
  products.decimals.set("list_price", listPrice);
  products.decimals.set("weight_kg", weightKg);
  products.texts.set("category", category);
  return { records: products, unitCost, listPrice, weightKg, popularity };
}

interface GeneratedOrders {
  records: DimensionRecords;
  lineCount: Float64Array;
  customerOf: Int32Array;
}

/** Orders: customers drawn by size; lines per order 1..12 adjusted to the exact total. */
function generateOrders(
  rng: Prng,
  n: Pick<BenchCounts, "orders" | "orderLines">,
  size: Float64Array,
): GeneratedOrders {
  const orders = records("ORDERS", ids("O", n.orders));
  const lineCount = new Float64Array(n.orders);
  for (let o = 0; o < n.orders; o++) lineCount[o] = rng.int(1, 9);
  let diff = n.orderLines - lineCount.reduce((a, b) => a + b, 0);
  while (diff !== 0) {
    const o = rng.int(0, n.orders - 1);
    if (diff > 0 && lineCount[o]! < 12) {
      lineCount[o]!++;
      diff--;
    } else if (diff < 0 && lineCount[o]! > 1) {
      lineCount[o]!--;
      diff++;
    }
  }
  const customerOf = new Int32Array(n.orders);
  const rush = new Float64Array(n.orders);
  const freight = new Float64Array(n.orders);
  const dates: string[] = [];
  const days = Array.from({ length: 365 }, (_, d) =>
    new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10),
  );
  const pickCustomer = new WeightedPicker(size);
  for (let o = 0; o < n.orders; o++) {
    customerOf[o] = pickCustomer.pick(rng);
    rush[o] = rng.chance(0.08) ? 1 : 0;
    freight[o] = rng.chance(0.6) ? 0 : round(rng.range(5, 40), 2);
    dates.push(days[rng.int(0, 364)]!);
  }
  orders.relations.set("CUSTOMERS_ID", { target: "CUSTOMERS", index: customerOf, dangling: [] });
  orders.texts.set("order_date", dates);
  orders.decimals.set("lines", lineCount);
  orders.decimals.set("rush", rush);
  orders.decimals.set("freight_charged", freight);
  return { records: orders, lineCount, customerOf };
}

/** Order lines, order by order (so ORDERS_ID ascends, as in an ERP export). */
function generateOrderLines(
  rng: Prng,
  count: number,
  orders: GeneratedOrders,
  products: GeneratedProducts,
  size: Float64Array,
): DimensionRecords {
  const { lineCount, customerOf } = orders;
  const { unitCost, listPrice, weightKg, popularity } = products;
  const lines = records("ORDER_LINES", ids("L", count));
  const orderOf = new Int32Array(count);
  const productOf = new Int32Array(count);
  const quantity = new Float64Array(count);
  const price = new Float64Array(count);
  const lineCost = new Float64Array(count);
  const weight = new Float64Array(count);
  const pickProduct = new WeightedPicker(popularity);
  let l = 0;
  for (let o = 0; o < lineCount.length; o++) {
    const discount = Math.min(0.2, 0.02 * Math.log1p(size[customerOf[o]!]!) + rng.range(0, 0.05));
    for (let k = 0; k < lineCount[o]!; k++, l++) {
      const p = pickProduct.pick(rng);
      const q = Math.min(500, 1 + Math.floor(rng.logNormal(1, 0.9)));
      orderOf[l] = o;
      productOf[l] = p;
      quantity[l] = q;
      price[l] = round(listPrice[p]! * (1 - discount), 2);
      lineCost[l] = unitCost[p]!;
      weight[l] = round(q * weightKg[p]!, 3);
    }
  }
  lines.relations.set("ORDERS_ID", { target: "ORDERS", index: orderOf, dangling: [] });
  lines.relations.set("PRODUCTS_ID", { target: "PRODUCTS", index: productOf, dangling: [] });
  lines.decimals.set("quantity", quantity);
  lines.decimals.set("price", price);
  lines.decimals.set("unit_cost", lineCost);
  lines.decimals.set("weight", weight);
  return lines;
}
