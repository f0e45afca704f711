// The "manufacturing" template: a plant making industrial pumps and valves in batches. Maintenance,
// IT and administration serve each other; assembly is time-driven (TDABC, with a time equation per
// product); batch- and product-level activities land on products and are pushed to the sales lines
// that sold them, so customers and products both carry full costs. Low-volume custom products need
// many set-ups and inspections: the classic ABC finding that they lose money.

import { type Cell, pad, Random, round2, scaleAmounts, type TemplateBundle } from "./bundle-writer.ts";

const YEAR = 2025;
const ALL_POOLS = ["MAINT", "IT", "ADMIN", "MACH", "ASSY", "QUAL", "LOG", "ENG", "SALES"];

const ACCOUNTS: [code: string, name: string, group: string, base: number, rule: Rule][] = [
  ["6000", "Direct labour - machining", "Personnel", 620, [["MACH", 100]]],
  ["6010", "Direct labour - assembly", "Personnel", 540, [["ASSY", 100]]],
  [
    "6020",
    "Production supervisors",
    "Personnel",
    210,
    [
      ["MACH", 40],
      ["ASSY", 40],
      ["LOG", 20],
    ],
  ],
  ["6030", "Maintenance technicians", "Personnel", 190, [["MAINT", 100]]],
  ["6040", "Quality inspectors", "Personnel", 160, [["QUAL", 100]]],
  ["6050", "Engineers' salaries", "Personnel", 280, [["ENG", 100]]],
  ["6060", "Warehouse and logistics staff", "Personnel", 170, [["LOG", 100]]],
  ["6070", "Sales and service staff", "Personnel", 240, [["SALES", 100]]],
  ["6080", "Administrative staff", "Personnel", 200, [["ADMIN", 100]]],
  ["6090", "IT staff", "Personnel", 110, [["IT", 100]]],
  ["6100", "Social charges", "Personnel", 720, { driver: "headcount", pools: ALL_POOLS }],
  [
    "6110",
    "Overtime premiums",
    "Personnel",
    60,
    [
      ["MACH", 50],
      ["ASSY", 50],
    ],
  ],
  ["6120", "Training", "Personnel", 25, [["ADMIN", 100]]],
  ["6200", "Electricity", "Energy", 230, { driver: "kwh", pools: ALL_POOLS }],
  ["6210", "Gas and heating", "Energy", 70, { driver: "sqm", pools: ALL_POOLS }],
  [
    "6220",
    "Water",
    "Energy",
    14,
    [
      ["MACH", 60],
      ["ASSY", 20],
      ["QUAL", 20],
    ],
  ],
  ["6300", "Factory rent", "Occupancy", 260, { driver: "sqm", pools: ALL_POOLS }],
  [
    "6310",
    "Office rent",
    "Occupancy",
    60,
    [
      ["ADMIN", 50],
      ["SALES", 30],
      ["ENG", 20],
    ],
  ],
  [
    "6400",
    "Tooling and consumables",
    "Production",
    140,
    [
      ["MACH", 80],
      ["ASSY", 20],
    ],
  ],
  ["6410", "Spare parts", "Production", 75, [["MAINT", 100]]],
  ["6420", "Maintenance contracts", "Production", 48, [["MAINT", 100]]],
  ["6430", "External testing services", "Production", 36, [["QUAL", 100]]],
  ["6440", "Calibration", "Production", 12, [["QUAL", 100]]],
  ["6500", "Outbound freight", "Logistics", 130, [["LOG", 100]]],
  ["6510", "Packaging", "Logistics", 55, [["LOG", 100]]],
  ["6520", "Forklift leasing", "Logistics", 24, [["LOG", 100]]],
  ["6600", "Software licences", "IT", 70, [["IT", 100]]],
  ["6610", "ERP support", "IT", 45, [["IT", 100]]],
  ["6620", "Telecommunications", "IT", 18, [["IT", 100]]],
  ["6700", "Trade fairs and marketing", "Sales and marketing", 65, [["SALES", 100]]],
  [
    "6710",
    "Travel",
    "Sales and marketing",
    48,
    [
      ["SALES", 70],
      ["ENG", 30],
    ],
  ],
  ["6800", "Insurance", "Administration", 42, [["ADMIN", 100]]],
  ["6810", "Audit, legal and consulting", "Administration", 55, [["ADMIN", 100]]],
  [
    "6900",
    "Depreciation of machinery",
    "Depreciation",
    310,
    [
      ["MACH", 75],
      ["ASSY", 25],
    ],
  ],
  ["6910", "Depreciation of buildings", "Depreciation", 90, { driver: "sqm", pools: ALL_POOLS }],
  ["6920", "Depreciation of IT equipment", "Depreciation", 22, [["IT", 100]]],
];
type Rule = [string, number][] | { driver: string; pools: string[] };

const POOLS: [code: string, name: string, direct: boolean, sqm: number, headcount: number, kwh: number][] = [
  ["MAINT", "Maintenance", false, 400, 5, 40_000],
  ["IT", "IT and systems", false, 80, 2, 25_000],
  ["ADMIN", "HR, finance and administration", false, 350, 6, 18_000],
  ["MACH", "Machining", true, 3_200, 14, 610_000],
  ["ASSY", "Assembly", true, 2_400, 13, 160_000],
  ["QUAL", "Quality", true, 500, 4, 45_000],
  ["LOG", "Materials and logistics", true, 2_800, 6, 60_000],
  ["ENG", "Engineering", true, 300, 5, 20_000],
  ["SALES", "Sales and customer service", true, 260, 6, 12_000],
];

interface Activity {
  code: string;
  name: string;
  pool: string;
  tdabc: boolean;
  share: number;
  dimension: string;
  split: "EVEN" | "DRIVER" | "FORMULA";
  driver?: string;
  equation?: string;
}

const ACTIVITIES: Activity[] = [
  {
    code: "MRUN",
    name: "Machine running",
    pool: "MACH",
    tdabc: false,
    share: 85,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "machine_hours",
  },
  {
    code: "MSET",
    name: "Machine set-ups",
    pool: "MACH",
    tdabc: false,
    share: 15,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "setups",
  },
  // Time equation: minutes per unit differ per product; unit minutes 1 = one minute per weight unit.
  {
    code: "ASM",
    name: "Assembly",
    pool: "ASSY",
    tdabc: true,
    share: 1,
    dimension: "PRODUCTS",
    split: "FORMULA",
    equation: "=annual_volume*assembly_minutes",
  },
  {
    code: "TEST",
    name: "Final testing",
    pool: "ASSY",
    tdabc: true,
    share: 2.5,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "tested_units",
  },
  {
    code: "INSP",
    name: "Batch inspections",
    pool: "QUAL",
    tdabc: false,
    share: 65,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "inspections",
  },
  {
    code: "CERT",
    name: "Customer certification and documentation",
    pool: "QUAL",
    tdabc: false,
    share: 35,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "custom_specs",
  },
  {
    code: "MREC",
    name: "Material receiving",
    pool: "LOG",
    tdabc: false,
    share: 35,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "bom_parts",
  },
  {
    code: "MMOV",
    name: "Material moves",
    pool: "LOG",
    tdabc: false,
    share: 25,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "batches",
  },
  {
    code: "SHIP",
    name: "Shipping",
    pool: "LOG",
    tdabc: false,
    share: 40,
    dimension: "SALES_ORDERS",
    split: "FORMULA",
    equation: "=1+express*2",
  },
  {
    code: "ECO",
    name: "Engineering change orders",
    pool: "ENG",
    tdabc: false,
    share: 45,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "engineering_changes",
  },
  {
    code: "SUST",
    name: "Product sustaining",
    pool: "ENG",
    tdabc: false,
    share: 35,
    dimension: "PRODUCTS",
    split: "EVEN",
  },
  {
    code: "PLAN",
    name: "Production planning",
    pool: "ENG",
    tdabc: false,
    share: 20,
    dimension: "PRODUCTS",
    split: "DRIVER",
    driver: "batches",
  },
  {
    code: "ORDP",
    name: "Order processing",
    pool: "SALES",
    tdabc: false,
    share: 30,
    dimension: "SALES_ORDERS",
    split: "EVEN",
  },
  {
    code: "SUPP",
    name: "Customer support",
    pool: "SALES",
    tdabc: false,
    share: 35,
    dimension: "CUSTOMERS",
    split: "DRIVER",
    driver: "support_tickets",
  },
  {
    code: "KAM",
    name: "Key account management",
    pool: "SALES",
    tdabc: false,
    share: 35,
    dimension: "CUSTOMERS",
    split: "FORMULA",
    equation: "=1+key_account*6",
  },
];
/** Product-level activities passed on to the sales lines of each product, by quantity sold. */
const PUSHED_TO_LINES = ["MRUN", "MSET", "ASM", "TEST", "INSP", "MREC", "MMOV", "PLAN"];

const FAMILIES: [string, string][] = [
  ["PUMPS", "Centrifugal pumps"],
  ["VALVES", "Control valves"],
  ["DOSING", "Dosing systems"],
  ["SPARES", "Spare-part kits"],
];
const MARKETS: [string, string][] = [
  ["DOMESTIC", "Domestic"],
  ["EU", "European Union"],
  ["NA", "North America"],
  ["ME", "Middle East"],
];
const CUSTOMER_NAMES = [
  "Aquatech",
  "Brenner Werke",
  "Castell Agua",
  "Delta Process",
  "Euroflow",
  "Fluidra Sur",
  "Gama Química",
  "Hydro Nord",
  "Iberpump",
  "Jensen Marine",
  "Kappa Energy",
  "Lusoquímica",
  "Metalúrgica Sado",
  "Nordic Water",
  "Ostra Agro",
  "Petrogal Serviços",
  "Quantum Labs",
  "Riverside Utilities",
  "Solaris Farms",
  "Tagus Chemicals",
  "Unimed Pharma",
  "Vale Irrigação",
  "Westbrook Mining",
  "Xylo Paper",
  "York Breweries",
  "Zambujal Vinhos",
];

export function manufacturingTemplate(): TemplateBundle {
  const rng = new Random(20250202);

  // Products: a few high-volume standard items, a tail of low-volume custom items ------------------
  const products = Array.from({ length: 30 }, (_, i) => {
    const family = FAMILIES[i % FAMILIES.length]![0];
    const custom = i >= 20;
    const material = round2(family === "SPARES" ? rng.range(8, 30) : rng.range(40, 260));
    const spares = family === "SPARES";
    const markup = custom ? rng.range(2.8, 3.5) : rng.range(1.9, 2.4);
    return {
      id: `${family.slice(0, 3)}-${pad(i + 1, 3)}`,
      name: `${FAMILIES[i % FAMILIES.length]![1].replace(/s$/, "")} ${custom ? "custom" : "series"} ${100 + i * 10}`,
      family,
      custom,
      material,
      price: round2(material * markup),
      popularity: custom ? rng.range(0.2, 0.6) : rng.range(2, 6),
      assemblyMinutes: round2(spares ? rng.range(2, 4) : custom ? rng.range(25, 60) : rng.range(6, 18)),
      machinePerUnit: round2(
        spares ? rng.range(0.02, 0.06) : custom ? rng.range(0.4, 1.2) : rng.range(0.08, 0.3),
      ),
      batchSize: spares ? rng.int(500, 1500) : custom ? rng.int(10, 40) : rng.int(300, 900),
      bomParts: spares ? rng.int(3, 8) : custom ? rng.int(30, 70) : rng.int(8, 25),
      changes: custom ? rng.int(2, 7) : rng.int(0, 2),
    };
  });
  const popularity = products.reduce((s, x) => s + x.popularity, 0);
  const pickProduct = (): (typeof products)[number] => {
    let r = rng.next() * popularity;
    for (const x of products) {
      r -= x.popularity;
      if (r <= 0) return x;
    }
    return products[products.length - 1]!;
  };

  // Customers, orders, lines --------------------------------------------------------------------
  const customers = Array.from({ length: 40 }, (_, i) => {
    const segment = i < 5 ? "OEM" : i < 18 ? "Distributor" : "Project";
    const name = `${CUSTOMER_NAMES[i % CUSTOMER_NAMES.length]}${i >= CUSTOMER_NAMES.length ? ` ${Math.floor(i / CUSTOMER_NAMES.length) + 1}` : ""}`;
    return {
      id: `CU${pad(i + 1, 3)}`,
      name,
      segment,
      market: MARKETS[(i * 5 + 2) % MARKETS.length]![0],
      size: 1 / (i + 1) ** 0.6,
    };
  });
  const orders: Cell[][] = [];
  const lines: Cell[][] = [];
  const sold = new Map<string, number>();
  const orderCount = new Map<string, number>();
  const revenueOf = new Map<string, number>();
  let o = 0;
  for (const c of customers) {
    const count = Math.max(2, Math.round(c.size * 11 + rng.range(1, 3)));
    orderCount.set(c.id, count);
    for (let k = 0; k < count; k++) {
      o++;
      const id = `SO-${YEAR}-${pad(o, 4)}`;
      const nLines = c.segment === "OEM" ? rng.int(2, 4) : rng.int(1, 3);
      const express = rng.chance(c.segment === "Project" ? 0.35 : 0.1) ? 1 : 0;
      orders.push([id, c.id, rng.date(YEAR), express, express ? round2(rng.range(80, 240)) : 0]);
      const used = new Set<string>();
      for (let l = 1; l <= nLines; l++) {
        let prod = pickProduct();
        while (used.has(prod.id)) prod = pickProduct();
        used.add(prod.id);
        const base = prod.custom ? 14 : c.segment === "OEM" ? 420 : c.segment === "Distributor" ? 160 : 40;
        const quantity = Math.max(1, Math.round(rng.around(base, 0.5)));
        const discount = c.segment === "OEM" ? 0.12 : c.segment === "Distributor" ? 0.08 : 0;
        const price = round2(prod.price * (1 - discount));
        sold.set(prod.id, (sold.get(prod.id) ?? 0) + quantity);
        revenueOf.set(c.id, (revenueOf.get(c.id) ?? 0) + quantity * price);
        lines.push([`${id}-${l}`, id, prod.id, quantity, price, prod.material]);
      }
    }
  }

  // Every product sells at least once: add a small line to a random order.
  for (const x of products.filter((p) => !sold.has(p.id))) {
    const order = orders[rng.int(0, orders.length - 1)]!;
    const quantity = rng.int(2, 8);
    sold.set(x.id, quantity);
    lines.push([`${order[0]}-9${x.id.slice(-2)}`, order[0]!, x.id, quantity, x.price, x.material]);
  }

  const productRows: Cell[][] = products.map((x) => {
    const volume = sold.get(x.id) ?? 0;
    const batches = volume === 0 ? 0 : Math.ceil(volume / x.batchSize);
    return [
      x.id,
      x.name,
      x.family,
      x.custom ? "Custom" : "Standard",
      x.material,
      x.price,
      volume,
      x.family === "SPARES" ? 0 : volume,
      x.assemblyMinutes,
      round2(volume * x.machinePerUnit),
      batches,
      batches * (x.custom ? 2 : 1),
      batches * (x.custom ? 3 : 1),
      x.bomParts,
      x.changes,
    ];
  });
  const customerRows: Cell[][] = customers.map((c) => {
    const n = orderCount.get(c.id)!;
    const project = c.segment === "Project";
    return [
      c.id,
      c.name,
      c.market,
      c.segment,
      project ? rng.int(2, 5) : rng.int(0, 1),
      Math.round(n * (project ? rng.range(2, 4) : rng.range(0.5, 1.2))) + rng.int(1, 4),
      c.segment === "OEM" ? 1 : 0,
      c.segment === "OEM" ? round2((revenueOf.get(c.id) ?? 0) * 0.02) : 0,
    ];
  });

  let revenue = 0;
  let material = 0;
  for (const l of lines) {
    revenue += (l[3] as number) * (l[4] as number);
    material += (l[3] as number) * (l[5] as number);
  }
  const amounts = scaleAmounts(
    ACCOUNTS.map((a) => a[3]),
    (revenue - material) * 0.8,
    rng,
  );

  // Assembly capacity: the minutes the year's volume needs, plus 15-25% headroom.
  let assemblyMinutes = 0;
  for (const x of products) {
    const volume = sold.get(x.id) ?? 0;
    assemblyMinutes += volume * x.assemblyMinutes + (x.family === "SPARES" ? 0 : volume * 2.5);
  }

  const step1: Cell[][] = [];
  for (const [code, , , , rule] of ACCOUNTS) {
    if (Array.isArray(rule))
      for (const [pool, pct] of rule) step1.push([code, pool, "PERCENTAGE", pct, null]);
    else for (const pool of rule.pools) step1.push([code, pool, "DRIVER", 100, rule.driver]);
  }
  const direct = POOLS.filter((x) => x[2]).map((x) => x[0]);

  return {
    model: {
      name: "Manufacturing",
      short_description:
        "A plant making pumps, valves and dosing systems in batches: machining, assembly, quality, logistics and engineering costed to products, sales orders and customers.",
      scenario: {
        name: "Actuals 2025",
        description: "Full-year actuals",
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
          ["kwh", false],
          ["capacity_minutes", true],
        ],
      },
      "pool_driver_values.csv": {
        header: ["driver_name", "pool_code", "value"],
        rows: [
          ...POOLS.map(([c, , , sqm]) => ["sqm", c, sqm] as Cell[]),
          ...POOLS.map(([c, , , , hc]) => ["headcount", c, hc] as Cell[]),
          ...POOLS.map(([c, , , , , kwh]) => ["kwh", c, kwh] as Cell[]),
          ["capacity_minutes", "ASSY", Math.ceil((assemblyMinutes * rng.range(1.15, 1.25)) / 1000) * 1000],
        ],
      },
      "activities.csv": {
        header: ["activity_code", "name", "pool_code", "is_tdabc"],
        rows: ACTIVITIES.map((a) => [a.code, a.name, a.pool, a.tdabc]),
      },
      "dimensions.csv": {
        header: ["dimension_code", "name", "parent_dimension_code"],
        rows: [
          ["FAMILIES", "Product families", null],
          ["PRODUCTS", "Products", "FAMILIES"],
          ["MARKETS", "Markets", null],
          ["CUSTOMERS", "Customers", "MARKETS"],
          ["SALES_ORDERS", "Sales orders", "CUSTOMERS"],
          ["SALES_LINES", "Sales order lines", "SALES_ORDERS"],
        ],
      },
      "dimension_drivers.csv": {
        header: ["dimension_code", "driver_name", "data_type"],
        rows: [
          ["FAMILIES", "family_name", "TEXT"],
          ["PRODUCTS", "product_name", "TEXT"],
          ["PRODUCTS", "FAMILIES_ID", "DIMENSION"],
          ["PRODUCTS", "product_type", "TEXT"],
          ["PRODUCTS", "material_cost", "DECIMAL"],
          ["PRODUCTS", "list_price", "DECIMAL"],
          ["PRODUCTS", "annual_volume", "DECIMAL"],
          ["PRODUCTS", "tested_units", "DECIMAL"],
          ["PRODUCTS", "assembly_minutes", "DECIMAL"],
          ["PRODUCTS", "machine_hours", "DECIMAL"],
          ["PRODUCTS", "batches", "DECIMAL"],
          ["PRODUCTS", "setups", "DECIMAL"],
          ["PRODUCTS", "inspections", "DECIMAL"],
          ["PRODUCTS", "bom_parts", "DECIMAL"],
          ["PRODUCTS", "engineering_changes", "DECIMAL"],
          ["MARKETS", "market_name", "TEXT"],
          ["CUSTOMERS", "customer_name", "TEXT"],
          ["CUSTOMERS", "MARKETS_ID", "DIMENSION"],
          ["CUSTOMERS", "segment", "TEXT"],
          ["CUSTOMERS", "custom_specs", "DECIMAL"],
          ["CUSTOMERS", "support_tickets", "DECIMAL"],
          ["CUSTOMERS", "key_account", "DECIMAL"],
          ["CUSTOMERS", "rebate", "DECIMAL"],
          ["SALES_ORDERS", "CUSTOMERS_ID", "DIMENSION"],
          ["SALES_ORDERS", "order_date", "DATE"],
          ["SALES_ORDERS", "express", "DECIMAL"],
          ["SALES_ORDERS", "freight_charged", "DECIMAL"],
          ["SALES_LINES", "SALES_ORDERS_ID", "DIMENSION"],
          ["SALES_LINES", "PRODUCTS_ID", "DIMENSION"],
          ["SALES_LINES", "quantity", "DECIMAL"],
          ["SALES_LINES", "price", "DECIMAL"],
          ["SALES_LINES", "material_cost", "DECIMAL"],
        ],
      },
      "records/FAMILIES.csv": {
        header: ["identifier", "family_name"],
        rows: FAMILIES.map(([c, n]) => [c, n]),
      },
      "records/PRODUCTS.csv": {
        header: [
          "identifier",
          "product_name",
          "FAMILIES_ID",
          "product_type",
          "material_cost",
          "list_price",
          "annual_volume",
          "tested_units",
          "assembly_minutes",
          "machine_hours",
          "batches",
          "setups",
          "inspections",
          "bom_parts",
          "engineering_changes",
        ],
        rows: productRows,
      },
      "records/MARKETS.csv": { header: ["identifier", "market_name"], rows: MARKETS.map(([c, n]) => [c, n]) },
      "records/CUSTOMERS.csv": {
        header: [
          "identifier",
          "customer_name",
          "MARKETS_ID",
          "segment",
          "custom_specs",
          "support_tickets",
          "key_account",
          "rebate",
        ],
        rows: customerRows,
      },
      "records/SALES_ORDERS.csv": {
        header: ["identifier", "CUSTOMERS_ID", "order_date", "express", "freight_charged"],
        rows: orders,
      },
      "records/SALES_LINES.csv": {
        header: ["identifier", "SALES_ORDERS_ID", "PRODUCTS_ID", "quantity", "price", "material_cost"],
        rows: lines,
      },
      "calculated_drivers.csv": {
        header: ["dimension_code", "name", "formula", "is_pnl_line"],
        rows: [
          ["SALES_LINES", "revenue", "=quantity*price", true],
          ["SALES_LINES", "cogs", "=quantity*material_cost", true],
          ["SALES_ORDERS", "freight_recovered", "=freight_charged", true],
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
          // Maintenance follows energy use; IT by agreed shares; administration by headcount.
          ["MAINT", "IT", "PERCENTAGE", 3, null],
          ...["MACH", "ASSY", "QUAL", "LOG"].map((d) => ["MAINT", d, "DRIVER", 97, "kwh"] as Cell[]),
          ["IT", "MAINT", "PERCENTAGE", 8, null],
          ["IT", "ADMIN", "PERCENTAGE", 12, null],
          ["IT", "MACH", "PERCENTAGE", 10, null],
          ["IT", "ASSY", "PERCENTAGE", 8, null],
          ["IT", "QUAL", "PERCENTAGE", 10, null],
          ["IT", "LOG", "PERCENTAGE", 12, null],
          ["IT", "ENG", "PERCENTAGE", 20, null],
          ["IT", "SALES", "PERCENTAGE", 20, null],
          ["ADMIN", "IT", "PERCENTAGE", 5, null],
          ["ADMIN", "MAINT", "PERCENTAGE", 5, null],
          ...direct.map((d) => ["ADMIN", d, "DRIVER", 90, "headcount"] as Cell[]),
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
          ...PUSHED_TO_LINES.map((a) => [a, "PRODUCTS", "SALES_LINES", "DRIVER:quantity"] as Cell[]),
          ["ECO", "PRODUCTS", "SALES_LINES", "NOT_ALLOCATE"],
          ["CERT", "CUSTOMERS", "SALES_ORDERS", "EVEN"],
          ["SUPP", "CUSTOMERS", "SALES_ORDERS", "NOT_ALLOCATE"],
          ["ORDP", "SALES_ORDERS", "SALES_LINES", "EVEN"],
          ["SHIP", "SALES_ORDERS", "SALES_LINES", "=quantity*material_cost"],
        ],
      },
      "rules_step6.csv": {
        header: ["calculated_driver", "parent_dimension_code", "child_dimension_code", "split"],
        rows: [
          ["freight_recovered", "SALES_ORDERS", "SALES_LINES", "DRIVER:quantity"],
          ["rebates", "CUSTOMERS", "SALES_ORDERS", "EVEN"],
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
          ["REV", "Revenue", "DRI", null, "revenue", "SALES_LINES", null, 1, null, 1],
          [
            "FREIGHT",
            "Freight recovered",
            "DRI",
            null,
            "freight_recovered",
            "SALES_ORDERS",
            null,
            1,
            null,
            2,
          ],
          ["REBATES", "Rebates", "DRI", null, "rebates", "CUSTOMERS", null, -1, null, 3],
          ["NETREV", "Net revenue", "FOR", null, null, null, "=REV+FREIGHT+REBATES", 1, null, 4],
          ["COGS", "Cost of goods sold (materials)", "DRI", null, "cogs", "SALES_LINES", null, -1, null, 5],
          ["CM", "Contribution margin", "FOR", null, null, null, "=NETREV+COGS", 1, null, 6],
          ["CONV", "Conversion costs", "AGG", null, null, null, null, -1, null, 7],
          ...[
            ["CONV_MRUN", "Machine running", "MRUN"],
            ["CONV_MSET", "Machine set-ups", "MSET"],
            ["CONV_ASM", "Assembly", "ASM"],
            ["CONV_TEST", "Final testing", "TEST"],
            ["CONV_INSP", "Batch inspections", "INSP"],
            ["CONV_MREC", "Material receiving", "MREC"],
            ["CONV_MMOV", "Material moves", "MMOV"],
            ["CONV_PLAN", "Production planning", "PLAN"],
          ].map(
            ([code, name, act], k) => [code, name, "ACT", act, null, null, null, 1, "CONV", 8 + k] as Cell[],
          ),
          ["GM", "Gross margin", "FOR", null, null, null, "=CM+CONV", 1, null, 16],
          ["PSUST", "Product-sustaining costs", "AGG", null, null, null, null, -1, null, 17],
          ["PSUST_ECO", "Engineering change orders", "ACT", "ECO", null, null, null, 1, "PSUST", 18],
          ["PSUST_SUST", "Product sustaining", "ACT", "SUST", null, null, null, 1, "PSUST", 19],
          ["CTS", "Cost to serve", "AGG", null, null, null, null, -1, null, 20],
          ["CTS_CERT", "Certification and documentation", "ACT", "CERT", null, null, null, 1, "CTS", 21],
          ["CTS_SHIP", "Shipping", "ACT", "SHIP", null, null, null, 1, "CTS", 22],
          ["CTS_ORDP", "Order processing", "ACT", "ORDP", null, null, null, 1, "CTS", 23],
          ["CTS_SUPP", "Customer support", "ACT", "SUPP", null, null, null, 1, "CTS", 24],
          ["CTS_KAM", "Key account management", "ACT", "KAM", null, null, null, 1, "CTS", 25],
          ["NET", "Net profit", "FOR", null, null, null, "=GM+PSUST+CTS", 1, null, 26],
        ],
      },
    },
  };
}
