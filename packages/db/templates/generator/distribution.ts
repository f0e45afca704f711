// The "distribution" template: a regional wholesale distributor of groceries and household goods.
// Support departments serve each other (IT, HR & administration, facilities); the warehouse and the
// customer-service desk are time-driven (TDABC); costs reach regions, customers, orders, order lines
// and products; revenue and COGS are calculated drivers on order lines.

import { type Cell, pad, Random, round2, scaleAmounts, type TemplateBundle } from "./bundle-writer.ts";

const YEAR = 2025;

const ACCOUNTS: [code: string, name: string, group: string, base: number][] = [
  ["6100", "Warehouse wages", "Personnel", 820],
  ["6110", "Drivers' wages", "Personnel", 410],
  ["6120", "Sales staff salaries", "Personnel", 560],
  ["6130", "Customer service salaries", "Personnel", 120],
  ["6140", "Administrative salaries", "Personnel", 380],
  ["6150", "IT staff salaries", "Personnel", 210],
  ["6160", "Social security contributions", "Personnel", 540],
  ["6170", "Training and recruitment", "Personnel", 35],
  ["6200", "Warehouse rent", "Occupancy", 360],
  ["6210", "Office rent", "Occupancy", 96],
  ["6220", "Electricity and heating", "Occupancy", 84],
  ["6230", "Building maintenance", "Occupancy", 42],
  ["6240", "Cleaning and security", "Occupancy", 38],
  ["6300", "Fuel", "Logistics", 185],
  ["6310", "Vehicle leasing", "Logistics", 150],
  ["6320", "Vehicle maintenance", "Logistics", 62],
  ["6330", "Tolls and parking", "Logistics", 24],
  ["6340", "Packaging materials", "Logistics", 71],
  ["6350", "Forklift leasing", "Logistics", 48],
  ["6400", "Software licences", "IT", 88],
  ["6410", "Hardware and network", "IT", 39],
  ["6420", "Telecommunications", "IT", 27],
  ["6500", "Advertising and trade fairs", "Sales and marketing", 120],
  ["6510", "Travel and entertainment", "Sales and marketing", 66],
  ["6520", "Sales commissions", "Sales and marketing", 140],
  ["6530", "Catalogue printing", "Sales and marketing", 18],
  ["6600", "Insurance", "Administration", 54],
  ["6610", "Audit and legal fees", "Administration", 47],
  ["6620", "Bank charges", "Administration", 22],
  ["6630", "Office supplies", "Administration", 12],
  ["6640", "Bad debt provision", "Administration", 30],
  ["6800", "Depreciation of warehouse equipment", "Depreciation", 95],
  ["6810", "Depreciation of IT equipment", "Depreciation", 28],
  ["6820", "Depreciation of vehicles", "Depreciation", 70],
];

/** Step 1: account -> [pool, percentage] rows, or a driver name for a 100% DRIVER group. */
const STEP1: Record<string, [string, number][] | { driver: string; pools: string[] }> = {
  "6100": [["WH", 100]],
  "6110": [["TR", 100]],
  "6120": [
    ["SALES", 85],
    ["MKT", 15],
  ],
  "6130": [["CS", 100]],
  "6140": [["HRA", 100]],
  "6150": [["IT", 100]],
  "6160": { driver: "headcount", pools: ["IT", "HRA", "FAC", "WH", "TR", "SALES", "CS", "MKT"] },
  "6170": [["HRA", 100]],
  "6200": [["FAC", 100]],
  "6210": [["FAC", 100]],
  "6220": [["FAC", 100]],
  "6230": [["FAC", 100]],
  "6240": [["FAC", 100]],
  "6300": [["TR", 100]],
  "6310": [["TR", 100]],
  "6320": [["TR", 100]],
  "6330": [["TR", 100]],
  "6340": [["WH", 100]],
  "6350": [["WH", 100]],
  "6400": [["IT", 100]],
  "6410": [["IT", 100]],
  "6420": [
    ["IT", 75],
    ["CS", 10],
    ["SALES", 15],
  ],
  "6500": [["MKT", 100]],
  "6510": [
    ["SALES", 80],
    ["MKT", 20],
  ],
  "6520": [["SALES", 100]],
  "6530": [["MKT", 100]],
  "6600": [
    ["FAC", 40],
    ["TR", 40],
    ["HRA", 20],
  ],
  "6610": [["HRA", 100]],
  "6620": [["HRA", 100]],
  "6630": [["HRA", 100]],
  "6640": [["HRA", 100]],
  "6800": [["WH", 100]],
  "6810": [["IT", 100]],
  "6820": [["TR", 100]],
};

const POOLS: [code: string, name: string, direct: boolean, sqm: number, headcount: number][] = [
  ["IT", "IT services", false, 120, 4],
  ["HRA", "HR and administration", false, 300, 6],
  ["FAC", "Facilities", false, 80, 3],
  ["WH", "Warehouse", true, 6500, 28],
  ["TR", "Transport", true, 900, 12],
  ["SALES", "Sales", true, 450, 10],
  ["CS", "Customer service", true, 160, 3],
  ["MKT", "Marketing and range", true, 150, 3],
];

interface Activity {
  code: string;
  name: string;
  pool: string;
  tdabc: boolean;
  /** Step 3: percentage of the pool (ordinary) or minutes per unit (TDABC). */
  share: number;
  dimension: string;
  split: "EVEN" | "DRIVER" | "FORMULA";
  driver?: string;
  equation?: string;
}

const ACTIVITIES: Activity[] = [
  {
    code: "RECV",
    name: "Receiving and put-away",
    pool: "WH",
    tdabc: true,
    share: 14,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "inbound_pallets",
  },
  {
    code: "PICK",
    name: "Order picking",
    pool: "WH",
    tdabc: true,
    share: 0.9,
    dimension: "ORDER_LINES",
    split: "DRIVER",
    driver: "quantity",
  },
  {
    code: "PACK",
    name: "Packing and dispatch",
    pool: "WH",
    tdabc: true,
    share: 7,
    dimension: "ORDERS",
    split: "EVEN",
  },
  {
    code: "RET",
    name: "Returns handling",
    pool: "WH",
    tdabc: true,
    share: 22,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "returns",
  },
  {
    code: "DELIV",
    name: "Delivery runs",
    pool: "TR",
    tdabc: false,
    share: 75,
    dimension: "ORDERS",
    split: "FORMULA",
    equation: "=weight_kg*IF(rush=1, 1.6, 1)",
  },
  {
    code: "DROP",
    name: "Drop-offs at customer sites",
    pool: "TR",
    tdabc: false,
    share: 25,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "deliveries",
  },
  {
    code: "VISIT",
    name: "Sales visits",
    pool: "SALES",
    tdabc: false,
    share: 50,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "visits",
  },
  {
    code: "KAM",
    name: "Key account management",
    pool: "SALES",
    tdabc: false,
    share: 30,
    dimension: "CUSTOMERS",
    split: "FORMULA",
    equation: "=1+key_account*9",
  },
  {
    code: "QUOTE",
    name: "Quotations and pricing",
    pool: "SALES",
    tdabc: false,
    share: 20,
    dimension: "ORDERS",
    split: "DRIVER",
    driver: "lines",
  },
  {
    code: "ENTRY",
    name: "Order entry",
    pool: "CS",
    tdabc: true,
    share: 5,
    dimension: "ORDERS",
    split: "DRIVER",
    driver: "lines",
  },
  {
    code: "CALL",
    name: "Service calls",
    pool: "CS",
    tdabc: true,
    share: 12,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "calls",
  },
  {
    code: "CREDIT",
    name: "Credit checks and collections",
    pool: "CS",
    tdabc: true,
    share: 45,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "credit_checks",
  },
  {
    code: "RANGE",
    name: "Range and catalogue management",
    pool: "MKT",
    tdabc: false,
    share: 55,
    dimension: "PRODUCTS",
    split: "EVEN",
  },
  {
    code: "PROMO",
    name: "Promotions",
    pool: "MKT",
    tdabc: false,
    share: 45,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "promo_weeks",
  },
];

const REGIONS: [string, string][] = [
  ["NORTH", "North"],
  ["CENTRE", "Centre"],
  ["LISBON", "Lisbon metro"],
  ["SOUTH", "South"],
  ["ISLANDS", "Islands"],
];
const CATEGORIES = ["Beverages", "Snacks", "Dairy", "Household", "Personal care"];
const PRODUCT_WORDS = ["Premium", "Classic", "Family", "Eco", "Mini", "Value", "Gold", "Fresh"];
const PRODUCT_ITEMS: Record<string, string[]> = {
  Beverages: ["mineral water 6x1.5 l", "orange juice 12x1 l", "cola 24x33 cl", "iced tea 12x1 l"],
  Snacks: ["crisps 20x150 g", "salted nuts 12x200 g", "biscuits 24x200 g", "cereal bars 30x25 g"],
  Dairy: ["UHT milk 12x1 l", "yoghurt 24x125 g", "butter 20x250 g", "cheese slices 12x200 g"],
  Household: ["dish soap 12x750 ml", "laundry liquid 4x3 l", "kitchen towels 8x4", "bin bags 20x25"],
  "Personal care": [
    "shower gel 12x500 ml",
    "toothpaste 24x75 ml",
    "shampoo 12x400 ml",
    "hand soap 12x300 ml",
  ],
};
const CUSTOMER_WORDS = [
  "Alfa",
  "Atlântico",
  "Baltic",
  "Central",
  "Delta",
  "Douro",
  "Estrela",
  "Fresco",
  "Horizonte",
  "Ibérica",
  "Lusa",
  "Mar",
  "Minho",
  "Nova",
  "Oceano",
  "Planalto",
  "Ria",
  "Serra",
  "Sol",
  "Tejo",
  "Vale",
  "Vila",
];
const CUSTOMER_KINDS = [
  "Supermercados",
  "Mercearia",
  "Retail",
  "Cash & Carry",
  "Minimercado",
  "Foods",
  "Online",
  "Hotelaria",
];

export function distributionTemplate(): TemplateBundle {
  const rng = new Random(20250101);

  // Products ------------------------------------------------------------------------------------
  const products: { id: string; row: Cell[]; cost: number; price: number; weight: number }[] = [];
  let p = 0;
  for (const category of CATEGORIES) {
    for (const item of PRODUCT_ITEMS[category]!) {
      for (const word of PRODUCT_WORDS.slice(0, 2)) {
        p++;
        const cost = round2(rng.range(6, 38));
        const margin = rng.range(0.14, 0.36);
        const price = round2(cost / (1 - margin));
        const weight = round2(rng.range(2.5, 14));
        products.push({ id: `P${pad(p, 3)}`, row: [`${word} ${item}`, category], cost, price, weight });
      }
    }
  }

  // Customers: a few key accounts and chains, a long tail of independents and online shops ------
  const nCustomers = 60;
  const customers = Array.from({ length: nCustomers }, (_, i) => {
    const size = 1 / (i + 1) ** 0.7; // Zipf-like: the first customers buy most
    const segment = i < 6 ? "Key account" : i < 20 ? "Retail chain" : i % 5 === 0 ? "Online" : "Independent";
    const name = `${CUSTOMER_WORDS[i % CUSTOMER_WORDS.length]} ${CUSTOMER_KINDS[(i * 7) % CUSTOMER_KINDS.length]}${i >= CUSTOMER_WORDS.length ? ` ${Math.floor(i / CUSTOMER_WORDS.length) + 1}` : ""}`;
    return {
      id: `C${pad(i + 1, 3)}`,
      size,
      segment,
      name,
      region: REGIONS[(i * 3 + 1) % REGIONS.length]![0],
    };
  });

  // Orders and lines ----------------------------------------------------------------------------
  const orders: {
    id: string;
    customer: (typeof customers)[number];
    date: string;
    rush: number;
    lines: number;
    weight: number;
    freight: number;
  }[] = [];
  const lines: Cell[][] = [];
  const sold = new Map<string, number>();
  let o = 0;
  for (const c of customers) {
    const count = Math.max(2, Math.round(c.size * 24 + rng.range(1, 4)));
    for (let k = 0; k < count; k++) {
      o++;
      const id = `SO25-${pad(o, 4)}`;
      const nLines =
        c.segment === "Key account"
          ? rng.int(3, 6)
          : c.segment === "Retail chain"
            ? rng.int(2, 5)
            : rng.int(1, 3);
      const rush = rng.chance(c.segment === "Online" ? 0.6 : c.segment === "Independent" ? 0.2 : 0.08)
        ? 1
        : 0;
      let weight = 0;
      const used = new Set<string>();
      for (let l = 1; l <= nLines; l++) {
        let prod = rng.pick(products);
        while (used.has(prod.id)) prod = rng.pick(products);
        used.add(prod.id);
        const quantity = Math.max(
          1,
          Math.round(
            rng.around(
              c.segment === "Key account"
                ? 260
                : c.segment === "Retail chain"
                  ? 120
                  : c.segment === "Online"
                    ? 12
                    : 32,
              0.45,
            ),
          ),
        );
        const discount = c.segment === "Key account" ? 0.1 : c.segment === "Retail chain" ? 0.05 : -0.04;
        const price = round2(prod.price * (1 - discount) * rng.range(0.98, 1.02));
        weight += quantity * prod.weight;
        sold.set(prod.id, (sold.get(prod.id) ?? 0) + quantity);
        lines.push([`${id}-${pad(l, 2)}`, id, prod.id, quantity, price, prod.cost]);
      }
      const freight = c.segment === "Independent" || c.segment === "Online" ? round2(rng.range(15, 45)) : 0;
      orders.push({
        id,
        customer: c,
        date: rng.date(YEAR),
        rush,
        lines: nLines,
        weight: round2(weight),
        freight,
      });
    }
  }
  const ordersOf = (cid: string) => orders.filter((x) => x.customer.id === cid);

  // Customer drivers: service needs do not scale with size, which makes the tail unprofitable.
  const customerRows: Cell[][] = customers.map((c, i) => {
    const own = ordersOf(c.id);
    const small = c.segment === "Independent" || c.segment === "Online";
    const visits =
      c.segment === "Key account"
        ? rng.int(18, 30)
        : c.segment === "Retail chain"
          ? rng.int(8, 14)
          : rng.int(0, 3);
    const online = c.segment === "Online";
    const calls = Math.round(
      own.length * (online ? rng.range(4, 6) : small ? rng.range(1, 2.5) : rng.range(0.8, 1.6)) +
        rng.int(2, 6),
    );
    const returns = Math.round(
      own.length * (online ? rng.range(1, 1.5) : small ? rng.range(0.2, 0.5) : rng.range(0.05, 0.2)),
    );
    const checks = small ? rng.int(2, 4) : rng.int(1, 2);
    const rebate =
      c.segment === "Key account"
        ? round2(rng.range(0.015, 0.025) * revenueOf(c.id))
        : c.segment === "Retail chain"
          ? round2(0.01 * revenueOf(c.id))
          : 0;
    return [
      c.id,
      c.name,
      c.region,
      c.segment,
      `${YEAR - rng.int(1, 15)}-${pad(rng.int(1, 12), 2)}-01`,
      visits,
      calls,
      checks,
      returns,
      own.length,
      c.segment === "Key account" ? 1 : 0,
      rebate,
      i,
    ];
  });
  function revenueOf(cid: string): number {
    const ids = new Set(ordersOf(cid).map((x) => x.id));
    return lines
      .filter((l) => ids.has(l[1] as string))
      .reduce((s, l) => s + (l[3] as number) * (l[4] as number), 0);
  }

  let revenue = 0;
  let cogs = 0;
  for (const l of lines) {
    revenue += (l[3] as number) * (l[4] as number);
    cogs += (l[3] as number) * (l[5] as number);
  }
  // Operating costs of about 80% of the gross margin: a thin but positive net margin.
  const amounts = scaleAmounts(
    ACCOUNTS.map((a) => a[3]),
    (revenue - cogs) * 0.8,
    rng,
  );

  // Step 3 and TDABC capacities: minutes used plus 12-25% practical headroom.
  const quantity = (a: Activity): number => {
    if (a.split === "EVEN") return a.dimension === "ORDERS" ? orders.length : 0;
    switch (a.driver) {
      case "quantity":
        return lines.reduce((s, l) => s + (l[3] as number), 0);
      case "lines":
        return orders.reduce((s, x) => s + x.lines, 0);
      case "inbound_pallets":
        return products.reduce((s, x) => s + Math.ceil((sold.get(x.id) ?? 0) / 40), 0);
      default: {
        const col = { returns: 8, calls: 6, credit_checks: 7 }[a.driver as "returns"];
        return customerRows.reduce((s, r) => s + (r[col] as number), 0);
      }
    }
  };
  const capacity = new Map<string, number>();
  for (const a of ACTIVITIES.filter((x) => x.tdabc)) {
    capacity.set(a.pool, (capacity.get(a.pool) ?? 0) + a.share * quantity(a));
  }

  const step1: Cell[][] = [];
  for (const [code] of ACCOUNTS) {
    const rule = STEP1[code]!;
    if (Array.isArray(rule))
      for (const [pool, pct] of rule) step1.push([code, pool, "PERCENTAGE", pct, null]);
    else for (const pool of rule.pools) step1.push([code, pool, "DRIVER", 100, rule.driver]);
  }
  const direct = POOLS.filter((x) => x[2]).map((x) => x[0]);

  return {
    model: {
      name: "Wholesale distribution",
      short_description:
        "A regional distributor of groceries and household goods: warehouse, transport, sales and customer-service costs traced to regions, customers, orders, order lines and products.",
      scenario: {
        name: "Budget 2025",
        description: "Annual budget with the 2025 order book",
        currency: "EUR",
        period_from: `${YEAR}-01-01`,
        period_to: `${YEAR}-12-31`,
      },
    },
    settings: { step2_strategy: "not_allocate", profit_line: "NET" },
    tables: {
      "accounts.csv": {
        header: ["account_code", "name", "expense_group"],
        rows: ACCOUNTS.map(([c, n, g]) => [c, n, g]),
      },
      "account_values.csv": {
        header: ["account_code", "amount"],
        rows: ACCOUNTS.map(([c], i) => [c, amounts[i]!]),
      },
      "cost_pools.csv": {
        header: ["pool_code", "name", "is_direct"],
        rows: POOLS.map(([c, n, d]) => [c, n, d]),
      },
      "pool_drivers.csv": {
        header: ["driver_name", "is_tdabc"],
        rows: [
          ["sqm", false],
          ["headcount", false],
          ["capacity_minutes", true],
        ],
      },
      "pool_driver_values.csv": {
        header: ["driver_name", "pool_code", "value"],
        rows: [
          ...POOLS.map(([c, , , sqm]) => ["sqm", c, sqm] as Cell[]),
          ...POOLS.map(([c, , , , hc]) => ["headcount", c, hc] as Cell[]),
          ...[...capacity].map(
            ([pool, used]) =>
              ["capacity_minutes", pool, Math.ceil((used * rng.range(1.12, 1.25)) / 100) * 100] as Cell[],
          ),
        ],
      },
      "activities.csv": {
        header: ["activity_code", "name", "pool_code", "is_tdabc"],
        rows: ACTIVITIES.map((a) => [a.code, a.name, a.pool, a.tdabc]),
      },
      "dimensions.csv": {
        header: ["dimension_code", "name", "parent_dimension_code"],
        rows: [
          ["REGIONS", "Sales regions", null],
          ["CUSTOMERS", "Customers", "REGIONS"],
          ["ORDERS", "Orders", "CUSTOMERS"],
          ["ORDER_LINES", "Order lines", "ORDERS"],
          ["PRODUCTS", "Products", null],
        ],
      },
      "dimension_drivers.csv": {
        header: ["dimension_code", "driver_name", "data_type"],
        rows: [
          ["REGIONS", "region_name", "TEXT"],
          ["CUSTOMERS", "customer_name", "TEXT"],
          ["CUSTOMERS", "REGIONS_ID", "DIMENSION"],
          ["CUSTOMERS", "segment", "TEXT"],
          ["CUSTOMERS", "customer_since", "DATE"],
          ["CUSTOMERS", "visits", "DECIMAL"],
          ["CUSTOMERS", "calls", "DECIMAL"],
          ["CUSTOMERS", "credit_checks", "DECIMAL"],
          ["CUSTOMERS", "returns", "DECIMAL"],
          ["CUSTOMERS", "deliveries", "DECIMAL"],
          ["CUSTOMERS", "key_account", "DECIMAL"],
          ["CUSTOMERS", "rebate", "DECIMAL"],
          ["PRODUCTS", "product_name", "TEXT"],
          ["PRODUCTS", "category", "TEXT"],
          ["PRODUCTS", "unit_cost", "DECIMAL"],
          ["PRODUCTS", "list_price", "DECIMAL"],
          ["PRODUCTS", "weight_kg", "DECIMAL"],
          ["PRODUCTS", "inbound_pallets", "DECIMAL"],
          ["PRODUCTS", "promo_weeks", "DECIMAL"],
          ["ORDERS", "CUSTOMERS_ID", "DIMENSION"],
          ["ORDERS", "order_date", "DATE"],
          ["ORDERS", "lines", "DECIMAL"],
          ["ORDERS", "rush", "DECIMAL"],
          ["ORDERS", "weight_kg", "DECIMAL"],
          ["ORDERS", "freight_charged", "DECIMAL"],
          ["ORDER_LINES", "ORDERS_ID", "DIMENSION"],
          ["ORDER_LINES", "PRODUCTS_ID", "DIMENSION"],
          ["ORDER_LINES", "quantity", "DECIMAL"],
          ["ORDER_LINES", "price", "DECIMAL"],
          ["ORDER_LINES", "unit_cost", "DECIMAL"],
        ],
      },
      "records/REGIONS.csv": { header: ["identifier", "region_name"], rows: REGIONS.map(([c, n]) => [c, n]) },
      "records/CUSTOMERS.csv": {
        header: [
          "identifier",
          "customer_name",
          "REGIONS_ID",
          "segment",
          "customer_since",
          "visits",
          "calls",
          "credit_checks",
          "returns",
          "deliveries",
          "key_account",
          "rebate",
        ],
        rows: customerRows.map((r) => r.slice(0, 12)),
      },
      "records/PRODUCTS.csv": {
        header: [
          "identifier",
          "product_name",
          "category",
          "unit_cost",
          "list_price",
          "weight_kg",
          "inbound_pallets",
          "promo_weeks",
        ],
        rows: products.map((x) => [
          x.id,
          ...x.row,
          x.cost,
          x.price,
          x.weight,
          Math.ceil((sold.get(x.id) ?? 0) / 40),
          rng.chance(0.4) ? rng.int(1, 8) : 0,
        ]),
      },
      "records/ORDERS.csv": {
        header: ["identifier", "CUSTOMERS_ID", "order_date", "lines", "rush", "weight_kg", "freight_charged"],
        rows: orders.map((x) => [x.id, x.customer.id, x.date, x.lines, x.rush, x.weight, x.freight]),
      },
      "records/ORDER_LINES.csv": {
        header: ["identifier", "ORDERS_ID", "PRODUCTS_ID", "quantity", "price", "unit_cost"],
        rows: lines,
      },
      "calculated_drivers.csv": {
        header: ["dimension_code", "name", "formula", "is_pnl_line"],
        rows: [
          ["ORDER_LINES", "revenue", "=quantity*price", true],
          ["ORDER_LINES", "cogs", "=quantity*unit_cost", true],
          ["ORDERS", "freight_revenue", "=freight_charged", true],
          ["CUSTOMERS", "rebates", "=rebate", true],
        ],
      },
      "rules_step1.csv": {
        header: ["account_code", "pool_code", "type", "percentage", "driver_name"],
        rows: step1,
      },
      "rules_step2.csv": {
        header: ["source_pool_code", "destination_pool_code", "type", "percentage", "driver_name"],
        rows: [
          // IT supports everyone; HR & administration by headcount; facilities by floor space.
          ["IT", "HRA", "PERCENTAGE", 10, null],
          ["IT", "FAC", "PERCENTAGE", 4, null],
          ["IT", "WH", "PERCENTAGE", 30, null],
          ["IT", "TR", "PERCENTAGE", 12, null],
          ["IT", "SALES", "PERCENTAGE", 24, null],
          ["IT", "CS", "PERCENTAGE", 12, null],
          ["IT", "MKT", "PERCENTAGE", 8, null],
          ["HRA", "IT", "PERCENTAGE", 6, null],
          ["HRA", "FAC", "PERCENTAGE", 4, null],
          ...direct.map((d) => ["HRA", d, "DRIVER", 90, "headcount"] as Cell[]),
          ...["IT", "HRA", ...direct].map((d) => ["FAC", d, "DRIVER", 100, "sqm"] as Cell[]),
        ],
      },
      "rules_step3.csv": {
        header: ["pool_code", "activity_code", "percentage", "unit_minutes"],
        rows: ACTIVITIES.map((a) => [a.pool, a.code, a.tdabc ? 100 : a.share, a.tdabc ? a.share : null]),
      },
      "rules_step4.csv": {
        header: ["activity_code", "dimension_code", "split_type", "driver_name", "equation"],
        rows: ACTIVITIES.map((a) => [a.code, a.dimension, a.split, a.driver ?? null, a.equation ?? null]),
      },
      "rules_step5.csv": {
        header: ["activity_code", "parent_dimension_code", "child_dimension_code", "split"],
        rows: [
          ["DROP", "CUSTOMERS", "ORDERS", "EVEN"],
          ["DROP", "ORDERS", "ORDER_LINES", "DRIVER:quantity"],
          ["KAM", "CUSTOMERS", "ORDERS", "DRIVER:lines"],
          ["VISIT", "CUSTOMERS", "ORDERS", "NOT_ALLOCATE"],
          ["DELIV", "ORDERS", "ORDER_LINES", "DRIVER:quantity"],
          ["QUOTE", "ORDERS", "ORDER_LINES", "EVEN"],
        ],
      },
      "rules_step6.csv": {
        header: ["calculated_driver", "parent_dimension_code", "child_dimension_code", "split"],
        rows: [
          ["freight_revenue", "ORDERS", "ORDER_LINES", "DRIVER:quantity"],
          ["rebates", "CUSTOMERS", "ORDERS", "=lines"],
        ],
      },
      "pnl_lines.csv": {
        header: [
          "code",
          "description",
          "category",
          "activity_code",
          "calculated_driver",
          "dimension_code",
          "formula",
          "factor",
          "parent_code",
          "rank",
        ],
        rows: [
          ["REV", "Revenue", "DRI", null, "revenue", "ORDER_LINES", null, 1, null, 1],
          ["FREIGHT", "Freight charged", "DRI", null, "freight_revenue", "ORDERS", null, 1, null, 2],
          ["REBATES", "Customer rebates", "DRI", null, "rebates", "CUSTOMERS", null, -1, null, 3],
          ["NETREV", "Net revenue", "FOR", null, null, null, "=REV+FREIGHT+REBATES", 1, null, 4],
          ["COGS", "Cost of goods sold", "DRI", null, "cogs", "ORDER_LINES", null, -1, null, 5],
          ["GM", "Gross margin", "FOR", null, null, null, "=NETREV+COGS", 1, null, 6],
          ["CTS", "Cost to serve", "AGG", null, null, null, null, -1, null, 7],
          ["CTS_WH", "Warehouse handling", "AGG", null, null, null, null, 1, "CTS", 8],
          ["CTS_PICK", "Order picking", "ACT", "PICK", null, null, null, 1, "CTS_WH", 9],
          ["CTS_PACK", "Packing and dispatch", "ACT", "PACK", null, null, null, 1, "CTS_WH", 10],
          ["CTS_RET", "Returns handling", "ACT", "RET", null, null, null, 1, "CTS_WH", 11],
          ["CTS_TR", "Transport", "AGG", null, null, null, null, 1, "CTS", 12],
          ["CTS_DELIV", "Delivery runs", "ACT", "DELIV", null, null, null, 1, "CTS_TR", 13],
          ["CTS_DROP", "Drop-offs", "ACT", "DROP", null, null, null, 1, "CTS_TR", 14],
          ["CTS_SALES", "Selling", "AGG", null, null, null, null, 1, "CTS", 15],
          ["CTS_VISIT", "Sales visits", "ACT", "VISIT", null, null, null, 1, "CTS_SALES", 16],
          ["CTS_KAM", "Key account management", "ACT", "KAM", null, null, null, 1, "CTS_SALES", 17],
          ["CTS_QUOTE", "Quotations and pricing", "ACT", "QUOTE", null, null, null, 1, "CTS_SALES", 18],
          ["CTS_SERVICE", "Customer service", "AGG", null, null, null, null, 1, "CTS", 19],
          ["CTS_ENTRY", "Order entry", "ACT", "ENTRY", null, null, null, 1, "CTS_SERVICE", 20],
          ["CTS_CALL", "Service calls", "ACT", "CALL", null, null, null, 1, "CTS_SERVICE", 21],
          [
            "CTS_CREDIT",
            "Credit checks and collections",
            "ACT",
            "CREDIT",
            null,
            null,
            null,
            1,
            "CTS_SERVICE",
            22,
          ],
          ["PSC", "Product-sustaining costs", "AGG", null, null, null, null, -1, null, 23],
          ["PSC_RECV", "Receiving and put-away", "ACT", "RECV", null, null, null, 1, "PSC", 24],
          ["PSC_RANGE", "Range and catalogue management", "ACT", "RANGE", null, null, null, 1, "PSC", 25],
          ["PSC_PROMO", "Promotions", "ACT", "PROMO", null, null, null, 1, "PSC", 26],
          ["NET", "Net profit", "FOR", null, null, null, "=GM+CTS+PSC", 1, null, 27],
        ],
      },
    },
  };
}
