// Builds a ModelData by hand for scenario and property tests, the way the bundle reader does:
// records sorted by identifier (code-unit order), decimals as Float64Array (empty = NaN),
// relationship drivers (<PARENT>_ID) resolved to row indexes (-1 empty, -2 dangling).

import type {
  CalculatedDriver,
  DimensionRecords,
  ModelData,
  PnlLine,
  PushSplit,
  RelationColumn,
  Settings,
  Step1Rule,
  Step2Rule,
  Step3Rule,
  Step4Rule,
  Step5Rule,
  Step6Rule,
} from "../../src/model/types.ts";

export type Cell = number | string | null;

export interface ModelSpec {
  currency?: string;
  /** [code, amount]; amount null = account without a value. */
  accounts?: [string, number | null][];
  /** [code, isDirect] */
  pools?: [string, boolean][];
  /** [name, isTdabc] */
  poolDrivers?: [string, boolean][];
  /** [driver, pool, value] */
  poolDriverValues?: [string, string, number][];
  /** [code, pool, isTdabc] */
  activities?: [string, string, boolean][];
  /** [code, parent] */
  dimensions?: [string, string | null][];
  /** Declared decimal drivers per dimension (for dimensions whose rows do not show them). */
  drivers?: Record<string, string[]>;
  /** Per dimension: rows of { identifier, <driver>: value }. Drivers ending in _ID are relations. */
  records?: Record<string, Record<string, Cell>[]>;
  calculatedDrivers?: [string, string, string, boolean?][];
  step1?: (string | number | null)[][];
  step2?: (string | number | null)[][];
  step3?: (string | number | null)[][];
  /** [activity, dimension, splitType, driver, equation] */
  step4?: [string, string, "EVEN" | "DRIVER" | "FORMULA", (string | null)?, (string | null)?][];
  /** [activity, parent, child, split] with split "NOT_ALLOCATE" | "EVEN" | "DRIVER:x" | "=..." */
  step5?: [string, string, string, string][];
  step6?: [string, string, string, string][];
  /** Partial lines: code, category and what the category needs. */
  pnl?: (Partial<PnlLine> & { code: string; category: PnlLine["category"] })[];
  settings?: Partial<Settings>;
}

function parseSplit(text: string): PushSplit {
  if (text === "NOT_ALLOCATE") return { kind: "NOT_ALLOCATE" };
  if (text === "EVEN") return { kind: "EVEN" };
  if (text.startsWith("DRIVER:")) return { kind: "DRIVER", driver: text.slice(7) };
  return { kind: "FORMULA", formula: text };
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildModel(spec: ModelSpec): ModelData {
  const records = new Map<string, DimensionRecords>();
  const dimensionDrivers: ModelData["dimensionDrivers"] = [];
  const rawByDim = spec.records ?? {};
  const sortedRows = new Map<string, Record<string, Cell>[]>();
  for (const [dim, rows] of Object.entries(rawByDim)) {
    sortedRows.set(
      dim,
      rows.slice().sort((a, b) => byCode(String(a.identifier), String(b.identifier))),
    );
  }
  for (const [dim, rows] of sortedRows) {
    const identifiers = rows.map((r) => String(r.identifier));
    const names = new Set<string>(spec.drivers?.[dim] ?? []);
    for (const r of rows) for (const k of Object.keys(r)) if (k !== "identifier") names.add(k);
    const decimals = new Map<string, Float64Array>();
    const texts = new Map<string, (string | null)[]>();
    const relations = new Map<string, RelationColumn>();
    for (const name of [...names].sort(byCode)) {
      if (name.endsWith("_ID")) {
        const target = name.slice(0, -3);
        const targetIds = (sortedRows.get(target) ?? []).map((r) => String(r.identifier));
        const pos = new Map(targetIds.map((id, i) => [id, i]));
        const index = new Int32Array(rows.length);
        const dangling: { row: number; value: string }[] = [];
        rows.forEach((r, i) => {
          const v = r[name];
          if (v === null || v === undefined || v === "") index[i] = -1;
          else if (pos.has(String(v))) index[i] = pos.get(String(v))!;
          else {
            index[i] = -2;
            dangling.push({ row: i, value: String(v) });
          }
        });
        relations.set(name, { target, index, dangling });
        dimensionDrivers.push({ dimension: dim, name, dataType: "DIMENSION" });
      } else if (rows.some((r) => typeof r[name] === "string")) {
        texts.set(
          name,
          rows.map((r) => (r[name] === undefined || r[name] === null ? null : String(r[name]))),
        );
        dimensionDrivers.push({ dimension: dim, name, dataType: "TEXT" });
      } else {
        decimals.set(
          name,
          Float64Array.from(rows, (r) => (typeof r[name] === "number" ? (r[name] as number) : Number.NaN)),
        );
        dimensionDrivers.push({ dimension: dim, name, dataType: "DECIMAL" });
      }
    }
    records.set(dim, { dimension: dim, identifiers, decimals, texts, relations });
  }
  const rule = <T>(
    rows: (string | number | null)[][] | undefined,
    make: (r: (string | number | null)[]) => T,
  ) => (rows ?? []).map(make);
  return {
    info: {
      name: "test",
      shortDescription: "",
      scenario: {
        name: "s",
        description: "",
        currency: spec.currency ?? "EUR",
        periodFrom: "2026-01-01",
        periodTo: "2026-12-31",
      },
    },
    accounts: (spec.accounts ?? []).map(([code]) => ({ code, name: code, expenseGroup: "" })),
    accountValues: (spec.accounts ?? [])
      .filter(([, amount]) => amount !== null)
      .map(([account, amount]) => ({ account, amount: amount! })),
    pools: (spec.pools ?? []).map(([code, isDirect]) => ({ code, name: code, isDirect })),
    poolDrivers: (spec.poolDrivers ?? []).map(([name, isTdabc]) => ({ name, isTdabc })),
    poolDriverValues: (spec.poolDriverValues ?? []).map(([driver, pool, value]) => ({ driver, pool, value })),
    activities: (spec.activities ?? []).map(([code, pool, isTdabc]) => ({ code, name: code, pool, isTdabc })),
    dimensions: (spec.dimensions ?? []).map(([code, parent]) => ({ code, name: code, parent })),
    dimensionDrivers,
    records,
    calculatedDrivers: (spec.calculatedDrivers ?? []).map(
      ([dimension, name, formula, isPnlLine]): CalculatedDriver => ({
        dimension,
        name,
        formula,
        isPnlLine: isPnlLine ?? false,
      }),
    ),
    rules: {
      step1: rule(
        spec.step1,
        ([account, pool, type, percentage, driver]): Step1Rule => ({
          account: String(account),
          pool: String(pool),
          type: type as Step1Rule["type"],
          percentage: Number(percentage),
          driver: (driver as string | null) ?? null,
        }),
      ),
      step2: rule(
        spec.step2,
        ([source, destination, type, percentage, driver]): Step2Rule => ({
          source: String(source),
          destination: String(destination),
          type: type as Step2Rule["type"],
          percentage: Number(percentage),
          driver: (driver as string | null) ?? null,
        }),
      ),
      step3: rule(
        spec.step3,
        ([pool, activity, percentage, unitMinutes]): Step3Rule => ({
          pool: String(pool),
          activity: String(activity),
          percentage: Number(percentage),
          unitMinutes: unitMinutes === undefined || unitMinutes === null ? null : Number(unitMinutes),
        }),
      ),
      step4: (spec.step4 ?? []).map(
        ([activity, dimension, splitType, driver, equation]): Step4Rule => ({
          activity,
          dimension,
          splitType,
          driver: driver ?? null,
          equation: equation ?? null,
        }),
      ),
      step5: (spec.step5 ?? []).map(
        ([activity, parentDimension, childDimension, split]): Step5Rule => ({
          activity,
          parentDimension,
          childDimension,
          split: parseSplit(split),
        }),
      ),
      step6: (spec.step6 ?? []).map(
        ([calculatedDriver, parentDimension, childDimension, split]): Step6Rule => ({
          calculatedDriver,
          parentDimension,
          childDimension,
          split: parseSplit(split),
        }),
      ),
    },
    pnlLines: (spec.pnl ?? []).map(
      (l, i): PnlLine => ({
        code: l.code,
        description: l.description ?? l.code,
        category: l.category,
        activity: l.activity ?? null,
        calculatedDriver: l.calculatedDriver ?? null,
        dimension: l.dimension ?? null,
        formula: l.formula ?? null,
        factor: l.factor ?? 1,
        parent: l.parent ?? null,
        rank: l.rank ?? i + 1,
      }),
    ),
    settings: {
      step2Strategy: spec.settings?.step2Strategy ?? "not_allocate",
      profitLine: spec.settings?.profitLine ?? null,
    },
  };
}
