// The "professional-services" template: a consulting firm. Consultants and managers are time-driven
// pools (TDABC: capacity in minutes, hours on projects as quantities), so bench time shows as unused
// capacity; business development, billing and knowledge management are ordinary pools; IT, finance &
// HR and the office serve each other. Fixed-price projects that overrun and clients who ask for
// many bids make the unprofitable tail.

import { type Cell, pad, Random, round2, scaleAmounts, type TemplateBundle } from "./bundle-writer.ts";

const YEAR = 2025;
const ALL_POOLS = ["IT", "FINHR", "OFFICE", "CONSULT", "MGMT", "BD", "BILLING", "KNOW"];
type Rule = [string, number][] | { driver: string; pools: string[] };

const ACCOUNTS: [code: string, name: string, group: string, base: number, rule: Rule][] = [
  ["6100", "Consultant salaries", "Personnel", 2400, [["CONSULT", 100]]],
  ["6110", "Manager and partner salaries", "Personnel", 980, [["MGMT", 100]]],
  [
    "6120",
    "Bonuses",
    "Personnel",
    420,
    [
      ["CONSULT", 50],
      ["MGMT", 50],
    ],
  ],
  ["6130", "Business development staff", "Personnel", 240, [["BD", 100]]],
  ["6140", "Finance and HR staff", "Personnel", 260, [["FINHR", 100]]],
  ["6150", "Billing and credit control staff", "Personnel", 130, [["BILLING", 100]]],
  ["6160", "IT staff", "Personnel", 150, [["IT", 100]]],
  ["6170", "Social security contributions", "Personnel", 1050, { driver: "headcount", pools: ALL_POOLS }],
  ["6180", "Recruitment", "Personnel", 90, [["FINHR", 100]]],
  [
    "6190",
    "Training and certifications",
    "Personnel",
    110,
    [
      ["KNOW", 60],
      ["CONSULT", 40],
    ],
  ],
  ["6200", "Office rent", "Occupancy", 380, [["OFFICE", 100]]],
  ["6210", "Utilities", "Occupancy", 45, [["OFFICE", 100]]],
  ["6220", "Cleaning and reception", "Occupancy", 38, [["OFFICE", 100]]],
  [
    "6300",
    "Non-rebillable travel",
    "Travel",
    120,
    [
      ["BD", 60],
      ["MGMT", 40],
    ],
  ],
  [
    "6310",
    "Company cars",
    "Travel",
    95,
    [
      ["MGMT", 50],
      ["BD", 50],
    ],
  ],
  ["6400", "Software and cloud services", "IT", 160, [["IT", 100]]],
  ["6410", "Laptops and devices", "IT", 70, [["IT", 100]]],
  ["6420", "Telecommunications", "IT", 35, [["IT", 100]]],
  ["6500", "Marketing and events", "Business development", 140, [["BD", 100]]],
  ["6510", "Sponsorships", "Business development", 40, [["BD", 100]]],
  [
    "6600",
    "Professional indemnity insurance",
    "Administration",
    75,
    [
      ["KNOW", 50],
      ["FINHR", 50],
    ],
  ],
  ["6610", "Legal and audit", "Administration", 60, [["FINHR", 100]]],
  ["6620", "Bank charges", "Administration", 14, [["BILLING", 100]]],
  ["6630", "Bad debts", "Administration", 45, [["BILLING", 100]]],
  ["6700", "Research and knowledge subscriptions", "Knowledge", 55, [["KNOW", 100]]],
  ["6800", "Depreciation of office fit-out", "Depreciation", 65, [["OFFICE", 100]]],
  ["6810", "Depreciation of IT equipment", "Depreciation", 40, [["IT", 100]]],
];

const POOLS: [code: string, name: string, direct: boolean, sqm: number, headcount: number][] = [
  ["IT", "IT", false, 60, 3],
  ["FINHR", "Finance and HR", false, 120, 5],
  ["OFFICE", "Office and facilities", false, 40, 2],
  ["CONSULT", "Consultants", true, 900, 40],
  ["MGMT", "Managers and partners", true, 320, 8],
  ["BD", "Business development", true, 110, 4],
  ["BILLING", "Billing and collections", true, 60, 3],
  ["KNOW", "Knowledge and quality", true, 50, 2],
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
    code: "DELIVER",
    name: "Project delivery",
    pool: "CONSULT",
    tdabc: true,
    share: 60,
    dimension: "PROJECTS",
    split: "DRIVER",
    driver: "consultant_hours",
  },
  {
    code: "TRAVEL",
    name: "Travel time",
    pool: "CONSULT",
    tdabc: true,
    share: 240,
    dimension: "PROJECTS",
    split: "DRIVER",
    driver: "travel_days",
  },
  {
    code: "PM",
    name: "Project management",
    pool: "MGMT",
    tdabc: true,
    share: 60,
    dimension: "PROJECTS",
    split: "DRIVER",
    driver: "manager_hours",
  },
  {
    code: "REVIEW",
    name: "Partner reviews",
    pool: "MGMT",
    tdabc: true,
    share: 240,
    dimension: "PROJECTS",
    split: "EVEN",
  },
  {
    code: "CHANGE",
    name: "Change requests",
    pool: "MGMT",
    tdabc: true,
    share: 300,
    dimension: "PROJECTS",
    split: "DRIVER",
    driver: "change_requests",
  },
  {
    code: "PROPOSAL",
    name: "Proposals and bids",
    pool: "BD",
    tdabc: false,
    share: 50,
    dimension: "CLIENTS",
    split: "DRIVER",
    driver: "proposals",
  },
  {
    code: "ACCOUNT",
    name: "Client account management",
    pool: "BD",
    tdabc: false,
    share: 30,
    dimension: "CLIENTS",
    split: "FORMULA",
    equation: "=meetings*(1+key_client)",
  },
  {
    code: "MARKETING",
    name: "Marketing and thought leadership",
    pool: "BD",
    tdabc: false,
    share: 20,
    dimension: "SERVICE_LINES",
    split: "EVEN",
  },
  {
    code: "INVOICE",
    name: "Invoicing",
    pool: "BILLING",
    tdabc: false,
    share: 45,
    dimension: "INVOICES",
    split: "EVEN",
  },
  {
    code: "COLLECT",
    name: "Collections",
    pool: "BILLING",
    tdabc: false,
    share: 35,
    dimension: "INVOICES",
    split: "FORMULA",
    equation: "=1+days_late/15+disputed*4",
  },
  {
    code: "CONTRACT",
    name: "Contract administration",
    pool: "BILLING",
    tdabc: false,
    share: 20,
    dimension: "PROJECTS",
    split: "FORMULA",
    equation: "=1+fixed_price",
  },
  {
    code: "METHOD",
    name: "Methods and training",
    pool: "KNOW",
    tdabc: false,
    share: 60,
    dimension: "SERVICE_LINES",
    split: "EVEN",
  },
  {
    code: "QA",
    name: "Quality assurance",
    pool: "KNOW",
    tdabc: false,
    share: 40,
    dimension: "PROJECTS",
    split: "DRIVER",
    driver: "consultant_hours",
  },
];

const SERVICE_LINES: [string, string, number][] = [
  ["STRATEGY", "Strategy and advisory", 165],
  ["IMPL", "Systems implementation", 120],
  ["DATA", "Data and analytics", 135],
  ["TRAINING", "Training", 95],
];
const INDUSTRIES: [string, string][] = [
  ["BANKING", "Banking and insurance"],
  ["RETAIL", "Retail and consumer goods"],
  ["HEALTH", "Health care"],
  ["PUBLIC", "Public sector"],
  ["ENERGY", "Energy and utilities"],
];
const CLIENT_NAMES = [
  "Banco Atlântico",
  "Seguros Horizonte",
  "Mercado Verde",
  "Hospital da Luz Norte",
  "Câmara Municipal de Évora",
  "Energia Sul",
  "Telco Ibérica",
  "Farmácias Unidas",
  "Caixa Regional",
  "Lusitânia Retail",
  "Águas do Centro",
  "Grupo Saúde Mais",
  "Rede Ferroviária",
  "Solar Power PT",
  "Modas Lisboa",
  "Crédito Norte",
  "Instituto de Emprego",
  "Vinhos do Douro",
  "Porto Logística",
  "Clínica Oriente",
];

export function professionalServicesTemplate(): TemplateBundle {
  const rng = new Random(20250303);

  const clients = Array.from({ length: 36 }, (_, i) => {
    const name = `${CLIENT_NAMES[i % CLIENT_NAMES.length]}${i >= CLIENT_NAMES.length ? ` ${Math.floor(i / CLIENT_NAMES.length) + 1}` : ""}`;
    return {
      id: `CL${pad(i + 1, 3)}`,
      name,
      industry: INDUSTRIES[(i * 3) % INDUSTRIES.length]![0],
      size: 1 / (i + 1) ** 0.55,
      key: i < 6 ? 1 : 0,
    };
  });

  const projects: Cell[][] = [];
  const invoices: Cell[][] = [];
  const projectCount = new Map<string, number>();
  let consultantHours = 0;
  let managerHours = 0;
  let travelDays = 0;
  let changes = 0;
  let revenue = 0;
  let directCosts = 0;
  let n = 0;
  let inv = 0;
  for (const c of clients) {
    const count = Math.max(1, Math.round(c.size * 5 + rng.range(0, 2)));
    projectCount.set(c.id, count);
    for (let k = 0; k < count; k++) {
      n++;
      const [line, lineName, rate] = SERVICE_LINES[rng.int(0, SERVICE_LINES.length - 1)]!;
      const fixed = rng.chance(0.4) ? 1 : 0;
      const budget = Math.round(rng.around(c.key ? 900 : 380, 0.6) / 10) * 10;
      // Fixed-price projects sometimes overrun their budget of hours.
      const overrun = fixed && rng.chance(0.45) ? rng.range(1.3, 2.1) : rng.range(0.9, 1.05);
      const hours = Math.round(budget * overrun);
      const mgr = Math.round(hours * rng.range(0.08, 0.16));
      const days = line === "TRAINING" ? rng.int(0, 4) : rng.int(0, Math.round(hours / 60));
      const crs = fixed ? rng.int(0, 5) : rng.int(0, 2);
      const billedRate = rate * (c.key ? 0.92 : 1) * rng.range(0.85, 1.05);
      const fee = round2((fixed ? budget * 1.05 : hours) * billedRate);
      const travel = round2(days * rng.range(180, 320));
      const subcontract = line === "IMPL" && rng.chance(0.4) ? round2(fee * rng.range(0.1, 0.25)) : 0;
      const id = `PRJ-${pad(n, 3)}`;
      consultantHours += hours;
      managerHours += mgr;
      travelDays += days;
      changes += crs;
      revenue += fee + (fixed ? 0 : travel);
      directCosts += travel + subcontract;
      projects.push([
        id,
        `${lineName} - ${c.name}`,
        c.id,
        line,
        rng.date(YEAR),
        fixed ? "Fixed price" : "Time and materials",
        fixed,
        hours,
        mgr,
        days,
        crs,
        subcontract,
        travel,
      ]);
      // Invoices: monthly for time and materials, milestones for fixed price.
      const count = Math.max(1, Math.min(8, Math.round(hours / (fixed ? 400 : 160))));
      let left = fee;
      for (let m = 1; m <= count; m++) {
        inv++;
        const amount = m === count ? round2(left) : round2(fee / count);
        left -= amount;
        const late = rng.chance(c.key ? 0.2 : 0.4) ? rng.int(5, 90) : 0;
        invoices.push([
          `INV-${YEAR}-${pad(inv, 4)}`,
          id,
          rng.date(YEAR),
          amount,
          late,
          rng.chance(0.05) ? 1 : 0,
        ]);
      }
    }
  }
  const clientRows: Cell[][] = clients.map((c) => {
    const won = projectCount.get(c.id)!;
    return [
      c.id,
      c.name,
      c.industry,
      `${YEAR - rng.int(1, 12)}-${pad(rng.int(1, 12), 2)}-01`,
      won + rng.int(1, c.key ? 3 : 8),
      rng.int(c.key ? 12 : 2, c.key ? 30 : 10),
      c.key,
    ];
  });

  const amounts = scaleAmounts(
    ACCOUNTS.map((a) => a[3]),
    (revenue - directCosts) * 0.97,
    rng,
  );
  // Practical capacity: consultants bill about 82% of their minutes, managers about 85%.
  const consultMinutes = consultantHours * 60 + travelDays * 240;
  const mgmtMinutes = managerHours * 60 + projects.length * 240 + changes * 300;

  const step1: Cell[][] = [];
  for (const [code, , , , rule] of ACCOUNTS) {
    if (Array.isArray(rule))
      for (const [pool, pct] of rule) step1.push([code, pool, "PERCENTAGE", pct, null]);
    else for (const pool of rule.pools) step1.push([code, pool, "DRIVER", 100, rule.driver]);
  }
  const direct = POOLS.filter((x) => x[2]).map((x) => x[0]);

  return {
    model: {
      name: "Professional services",
      short_description:
        "A consulting firm: consultant and manager time, business development, billing and knowledge management costed to service lines, clients, projects and invoices.",
      scenario: {
        name: "Forecast 2025",
        description: "Full-year forecast with the project portfolio",
        currency: "EUR",
        period_from: `${YEAR}-01-01`,
        period_to: `${YEAR}-12-31`,
      },
    },
    settings: { step2_strategy: "not_allocate", profit_line: "NET" },
    tables: {
      "accounts.csv": {
        header: ["account_code", "name", "expense_group"],
        rows: ACCOUNTS.map(([c, nm, g]) => [c, nm, g]),
      },
      "account_values.csv": {
        header: ["account_code", "amount"],
        rows: ACCOUNTS.map(([c], i) => [c, amounts[i]!]),
      },
      "cost_pools.csv": {
        header: ["pool_code", "name", "is_direct"],
        rows: POOLS.map(([c, nm, d]) => [c, nm, d]),
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
          ["capacity_minutes", "CONSULT", Math.ceil(consultMinutes / 0.82 / 1000) * 1000],
          ["capacity_minutes", "MGMT", Math.ceil(mgmtMinutes / 0.85 / 1000) * 1000],
        ],
      },
      "activities.csv": {
        header: ["activity_code", "name", "pool_code", "is_tdabc"],
        rows: ACTIVITIES.map((a) => [a.code, a.name, a.pool, a.tdabc]),
      },
      "dimensions.csv": {
        header: ["dimension_code", "name", "parent_dimension_code"],
        rows: [
          ["SERVICE_LINES", "Service lines", null],
          ["INDUSTRIES", "Industries", null],
          ["CLIENTS", "Clients", "INDUSTRIES"],
          ["PROJECTS", "Projects", "CLIENTS"],
          ["INVOICES", "Invoices", "PROJECTS"],
        ],
      },
      "dimension_drivers.csv": {
        header: ["dimension_code", "driver_name", "data_type"],
        rows: [
          ["SERVICE_LINES", "line_name", "TEXT"],
          ["SERVICE_LINES", "list_rate", "DECIMAL"],
          ["INDUSTRIES", "industry_name", "TEXT"],
          ["CLIENTS", "client_name", "TEXT"],
          ["CLIENTS", "INDUSTRIES_ID", "DIMENSION"],
          ["CLIENTS", "client_since", "DATE"],
          ["CLIENTS", "proposals", "DECIMAL"],
          ["CLIENTS", "meetings", "DECIMAL"],
          ["CLIENTS", "key_client", "DECIMAL"],
          ["PROJECTS", "project_name", "TEXT"],
          ["PROJECTS", "CLIENTS_ID", "DIMENSION"],
          ["PROJECTS", "SERVICE_LINES_ID", "DIMENSION"],
          ["PROJECTS", "start_date", "DATE"],
          ["PROJECTS", "pricing", "TEXT"],
          ["PROJECTS", "fixed_price", "DECIMAL"],
          ["PROJECTS", "consultant_hours", "DECIMAL"],
          ["PROJECTS", "manager_hours", "DECIMAL"],
          ["PROJECTS", "travel_days", "DECIMAL"],
          ["PROJECTS", "change_requests", "DECIMAL"],
          ["PROJECTS", "subcontract_cost", "DECIMAL"],
          ["PROJECTS", "travel_expenses", "DECIMAL"],
          ["INVOICES", "PROJECTS_ID", "DIMENSION"],
          ["INVOICES", "invoice_date", "DATE"],
          ["INVOICES", "amount", "DECIMAL"],
          ["INVOICES", "days_late", "DECIMAL"],
          ["INVOICES", "disputed", "DECIMAL"],
        ],
      },
      "records/SERVICE_LINES.csv": {
        header: ["identifier", "line_name", "list_rate"],
        rows: SERVICE_LINES.map(([c, nm, r]) => [c, nm, r]),
      },
      "records/INDUSTRIES.csv": {
        header: ["identifier", "industry_name"],
        rows: INDUSTRIES.map(([c, nm]) => [c, nm]),
      },
      "records/CLIENTS.csv": {
        header: [
          "identifier",
          "client_name",
          "INDUSTRIES_ID",
          "client_since",
          "proposals",
          "meetings",
          "key_client",
        ],
        rows: clientRows,
      },
      "records/PROJECTS.csv": {
        header: [
          "identifier",
          "project_name",
          "CLIENTS_ID",
          "SERVICE_LINES_ID",
          "start_date",
          "pricing",
          "fixed_price",
          "consultant_hours",
          "manager_hours",
          "travel_days",
          "change_requests",
          "subcontract_cost",
          "travel_expenses",
        ],
        rows: projects,
      },
      "records/INVOICES.csv": {
        header: ["identifier", "PROJECTS_ID", "invoice_date", "amount", "days_late", "disputed"],
        rows: invoices,
      },
      "calculated_drivers.csv": {
        header: ["dimension_code", "name", "formula", "is_pnl_line"],
        rows: [
          ["INVOICES", "fees", "=amount", true],
          ["PROJECTS", "rebilled", "=IF(fixed_price=1, 0, travel_expenses)", true],
          ["PROJECTS", "direct_costs", "=subcontract_cost+travel_expenses", true],
        ],
      },
      "rules_step1.csv": {
        header: ["account_code", "pool_code", "type", "percentage", "driver_name"],
        rows: step1,
      },
      "rules_step2.csv": {
        header: ["source_pool_code", "destination_pool_code", "type", "percentage", "driver_name"],
        rows: [
          ["IT", "FINHR", "PERCENTAGE", 8, null],
          ["IT", "OFFICE", "PERCENTAGE", 4, null],
          ...direct.map((d) => ["IT", d, "DRIVER", 88, "headcount"] as Cell[]),
          ["FINHR", "IT", "PERCENTAGE", 5, null],
          ["FINHR", "OFFICE", "PERCENTAGE", 5, null],
          ...direct.map((d) => ["FINHR", d, "DRIVER", 90, "headcount"] as Cell[]),
          ...["IT", "FINHR", ...direct].map((d) => ["OFFICE", d, "DRIVER", 100, "sqm"] as Cell[]),
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
          ["ACCOUNT", "CLIENTS", "PROJECTS", "DRIVER:consultant_hours"],
          ["PROPOSAL", "CLIENTS", "PROJECTS", "NOT_ALLOCATE"],
          ["MARKETING", "SERVICE_LINES", "PROJECTS", "DRIVER:consultant_hours"],
          ["METHOD", "SERVICE_LINES", "PROJECTS", "=consultant_hours+manager_hours"],
          ["CONTRACT", "PROJECTS", "INVOICES", "DRIVER:amount"],
        ],
      },
      "rules_step6.csv": {
        header: ["calculated_driver", "parent_dimension_code", "child_dimension_code", "split"],
        rows: [
          ["rebilled", "PROJECTS", "INVOICES", "DRIVER:amount"],
          ["direct_costs", "PROJECTS", "INVOICES", "DRIVER:amount"],
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
          ["REV", "Fee revenue", "DRI", null, "fees", "INVOICES", null, 1, null, 1],
          ["REBILL", "Rebilled expenses", "DRI", null, "rebilled", "PROJECTS", null, 1, null, 2],
          ["NETREV", "Net revenue", "FOR", null, null, null, "=REV+REBILL", 1, null, 3],
          ["COGS", "Cost of delivery", "AGG", null, null, null, null, -1, null, 4],
          [
            "COGS_DIRECT",
            "Subcontractors and travel expenses",
            "DRI",
            null,
            "direct_costs",
            "PROJECTS",
            null,
            1,
            "COGS",
            5,
          ],
          ["COGS_DELIVER", "Project delivery", "ACT", "DELIVER", null, null, null, 1, "COGS", 6],
          ["COGS_TRAVEL", "Travel time", "ACT", "TRAVEL", null, null, null, 1, "COGS", 7],
          ["COGS_PM", "Project management", "ACT", "PM", null, null, null, 1, "COGS", 8],
          ["GM", "Gross margin", "FOR", null, null, null, "=NETREV+COGS", 1, null, 9],
          ["CTS", "Cost to serve", "AGG", null, null, null, null, -1, null, 10],
          ...[
            ["CTS_REVIEW", "Partner reviews", "REVIEW"],
            ["CTS_CHANGE", "Change requests", "CHANGE"],
            ["CTS_QA", "Quality assurance", "QA"],
            ["CTS_CONTRACT", "Contract administration", "CONTRACT"],
            ["CTS_INVOICE", "Invoicing", "INVOICE"],
            ["CTS_COLLECT", "Collections", "COLLECT"],
            ["CTS_ACCOUNT", "Client account management", "ACCOUNT"],
            ["CTS_PROPOSAL", "Proposals and bids", "PROPOSAL"],
          ].map(
            ([code, name, act], k) => [code, name, "ACT", act, null, null, null, 1, "CTS", 11 + k] as Cell[],
          ),
          ["SLC", "Service-line costs", "AGG", null, null, null, null, -1, null, 19],
          [
            "SLC_MARKETING",
            "Marketing and thought leadership",
            "ACT",
            "MARKETING",
            null,
            null,
            null,
            1,
            "SLC",
            20,
          ],
          ["SLC_METHOD", "Methods and training", "ACT", "METHOD", null, null, null, 1, "SLC", 21],
          ["NET", "Net profit", "FOR", null, null, null, "=GM+CTS+SLC", 1, null, 22],
        ],
      },
    },
  };
}
