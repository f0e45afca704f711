import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { BundleError, type BundleIssue } from "../../src/bundle/bundle-error.ts";
import { readBundle } from "../../src/bundle/read-bundle.ts";
import { acceptanceBundle } from "../support/shared-fixtures.ts";
import { baseBundle, overlaid, removeTempDirs, tempDir } from "./fixture-paths.ts";

afterAll(removeTempDirs);

async function issuesOf(path: string, options = {}): Promise<BundleIssue[]> {
  try {
    await readBundle(path, options);
  } catch (error) {
    if (error instanceof BundleError) return error.issues;
    throw error;
  }
  throw new Error("expected a BundleError");
}

async function zipFolder(dir: string, prefix: string): Promise<string> {
  const files: Record<string, Uint8Array> = {};
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else files[prefix + relative(dir, full)] = await readFile(full);
    }
  };
  await walk(dir);
  const zipPath = join(await tempDir(), "bundle.zip");
  await writeFile(zipPath, zipSync(files));
  return zipPath;
}

describe("readBundle on the distribution fixture", async () => {
  const model = await readBundle(baseBundle);

  it("reads model.json and settings.json", () => {
    expect(model.info).toEqual({
      name: "Fixture distribution",
      shortDescription: "Small bundle for the reader tests",
      scenario: {
        name: "2025",
        description: "Year 2025",
        currency: "EUR",
        periodFrom: "2025-01-01",
        periodTo: "2025-12-31",
      },
    });
    expect(model.settings).toEqual({ step2Strategy: "rebalance", profitLine: "NET" });
  });

  it("reads master data", () => {
    expect(model.accounts[1]).toEqual({ code: "A_IT", name: "IT, software", expenseGroup: "IT" });
    expect(model.accountValues.map((v) => v.amount)).toEqual([120000, 45000.5, 300000]);
    expect(model.pools.map((p) => [p.code, p.isDirect])).toEqual([
      ["FAC", false],
      ["IT", false],
      ["SALES", true],
      ["WH", true],
    ]);
    expect(model.poolDrivers).toEqual([
      { name: "sqm", isTdabc: false },
      { name: "minutes", isTdabc: true },
    ]);
    expect(model.activities.filter((a) => a.isTdabc).map((a) => a.code)).toEqual(["PICK", "SHIP"]);
    expect(model.dimensions.find((d) => d.code === "ORDERS")!.parent).toBe("CUSTOMERS");
  });

  it("reads a BOM + CRLF file with quoted commas, quotes and newlines, sorted by identifier", () => {
    const customers = model.records.get("CUSTOMERS")!;
    expect(customers.identifiers).toEqual(["C1", "C10", "C2"]);
    expect(Array.from(customers.decimals.get("visits")!)).toEqual([12, Number.NaN, 4]);
    expect(customers.texts.get("region")).toEqual(["South", "East\r\ncoast", 'North, "upper"']);
  });

  it("resolves relationship drivers to row indexes, keeping empty (-1) and dangling (-2) cells", () => {
    const orders = model.records.get("ORDERS")!;
    const rel = orders.relations.get("CUSTOMERS_ID")!;
    expect(rel.target).toBe("CUSTOMERS");
    expect(rel.index).toBeInstanceOf(Int32Array);
    expect(Array.from(rel.index)).toEqual([0, 0, 2, -2, -1]);
    expect(rel.dangling).toEqual([{ row: 3, value: "C9" }]);
    expect(orders.texts.get("order_date")).toEqual([
      "2025-03-01",
      "2025-03-02",
      "2025-04-10",
      "2025-05-01",
      null,
    ]);
    const lines = model.records.get("ORDER_LINES")!;
    expect(Array.from(lines.relations.get("ORDERS_ID")!.index)).toEqual([0, 0, 1, 2, 3]);
    expect(Array.from(lines.relations.get("PRODUCTS_ID")!.index)).toEqual([0, 1, 0, 1, 0]);
    expect(lines.decimals.get("price")).toBeInstanceOf(Float64Array);
    expect(Array.from(lines.decimals.get("price")!)).toEqual([4, 15.5, 4, 15, 4]);
  });

  it("reads calculated drivers, rules and the P&L", () => {
    expect(model.calculatedDrivers.map((c) => [c.dimension, c.name, c.formula, c.isPnlLine])).toEqual([
      ["ORDER_LINES", "revenue", "=quantity*price", true],
      ["ORDER_LINES", "cogs", "=quantity*unit_cost", true],
      ["ORDER_LINES", "big_line", "=IF(revenue>20, 1, 0)", false],
      ["ORDERS", "freight_revenue", "=freight", true],
    ]);
    expect(model.rules.step1[2]).toEqual({
      account: "A_WAGES",
      pool: "SALES",
      type: "DRIVER",
      percentage: 60,
      driver: "sqm",
    });
    expect(model.rules.step1[0]!.driver).toBeNull();
    expect(model.rules.step2).toHaveLength(6);
    expect(model.rules.step3[0]).toEqual({ pool: "WH", activity: "PICK", percentage: 0, unitMinutes: 2 });
    expect(model.rules.step3[2]).toEqual({
      pool: "SALES",
      activity: "VISIT",
      percentage: 70,
      unitMinutes: null,
    });
    expect(model.rules.step4[3]).toEqual({
      activity: "ADMIN",
      dimension: "ORDERS",
      splitType: "FORMULA",
      driver: null,
      equation: "=MAX(1, freight)",
    });
    expect(model.rules.step5.map((r) => r.split)).toEqual([
      { kind: "DRIVER", driver: "quantity" },
      { kind: "EVEN" },
      { kind: "FORMULA", formula: "=quantity*price" },
    ]);
    expect(model.rules.step6).toEqual([
      {
        calculatedDriver: "freight_revenue",
        parentDimension: "ORDERS",
        childDimension: "ORDER_LINES",
        split: { kind: "DRIVER", driver: "quantity" },
      },
    ]);
    expect(model.pnlLines.map((l) => [l.code, l.category, l.factor, l.parent, l.rank])).toEqual([
      ["REV", "DRI", 1, null, 1],
      ["COGS", "DRI", -1, null, 2],
      ["GM", "FOR", 1, null, 3],
      ["CTS", "AGG", -1, null, 4],
      ["PICKC", "ACT", 1, "CTS", 5],
      ["SHIPC", "ACT", 1, "CTS", 6],
      ["NET", "FOR", 1, null, 7],
    ]);
  });

  it("reads the same model from a .zip, with or without a top folder", async () => {
    expect(await readBundle(await zipFolder(baseBundle, ""))).toEqual(model);
    expect(await readBundle(await zipFolder(baseBundle, "distribution/"))).toEqual(model);
  });

  it("reads the acceptance bundles", async () => {
    const tdabc = await readBundle(acceptanceBundle("tdabc-customer-service"));
    expect(tdabc.records.get("CUST")!.identifiers).toEqual(["C1", "C2", "C3", "C4"]);
    expect(tdabc.rules.step3.map((r) => r.unitMinutes)).toEqual([8, 44, 50]);
    const reciprocal = await readBundle(acceptanceBundle("reciprocal-support-departments"));
    expect(reciprocal.rules.step2).toHaveLength(6);
  });
});

describe("readBundle errors name file, line and column", () => {
  it("unknown column", async () => {
    expect(await issuesOf(await overlaid("unknown-column"))).toEqual([
      {
        code: "unknown_column",
        file: "records/PRODUCTS.csv",
        line: 1,
        column: 3,
        columnName: "colour",
        message: 'Unknown column "colour"',
      },
    ]);
  });

  it("missing column", async () => {
    const issues = await issuesOf(await overlaid("missing-column"));
    expect(issues[0]).toEqual({
      code: "missing_column",
      file: "cost_pools.csv",
      line: 1,
      column: 0,
      columnName: "is_direct",
      message: 'Missing column "is_direct"',
    });
  });

  it("bad numbers, with line and column", async () => {
    const issues = await issuesOf(await overlaid("bad-number"));
    expect(issues).toEqual([
      {
        code: "not_a_number",
        file: "records/ORDER_LINES.csv",
        line: 3,
        column: 4,
        columnName: "quantity",
        message: '"1,5" is not a number (use . as decimal separator)',
      },
      {
        code: "not_a_number",
        file: "records/ORDER_LINES.csv",
        line: 4,
        column: 5,
        columnName: "price",
        message: '"4 EUR" is not a number (use . as decimal separator)',
      },
    ]);
  });

  it("duplicate identifier, naming both lines", async () => {
    expect(await issuesOf(await overlaid("duplicate-id"))).toEqual([
      {
        code: "duplicate",
        file: "records/PRODUCTS.csv",
        line: 4,
        column: 1,
        columnName: "identifier",
        message: 'Duplicate identifier "P2" (first on line 2)',
      },
    ]);
  });

  it("cyclic relationship drivers", async () => {
    const issues = await issuesOf(await overlaid("cyclic-relationship"));
    expect(issues).toEqual([
      {
        code: "cyclic_reference",
        file: "dimension_drivers.csv",
        line: 5,
        column: 2,
        columnName: "driver_name",
        message: "Cyclic relationship drivers: CUSTOMERS -> ORDER_LINES -> ORDERS -> CUSTOMERS",
      },
    ]);
  });

  it("unknown references, bad enums, group mismatch and formula errors, collected together", async () => {
    const issues = await issuesOf(await overlaid("bad-references"));
    const brief = issues.map((i) => `${i.file}:${i.line}:${i.column}:${i.code}: ${i.message}`);
    expect(brief).toEqual(
      expect.arrayContaining([
        'activities.csv:3:4:not_a_boolean: "yes" is not true or false',
        'rules_step1.csv:3:2:unknown_reference: Unknown cost pool "NOPE"',
        "rules_step1.csv:5:4:invalid_value: Rows of A_WAGES with driver sqm must share one percentage: 50 here, 60 on line 4",
        'rules_step1.csv:6:3:invalid_value: "SOMETIMES" is not one of PERCENTAGE, DRIVER',
        'rules_step4.csv:2:4:unknown_reference: "weight" is not a decimal or calculated driver of ORDER_LINES',
        'rules_step4.csv:3:1:unknown_reference: Unknown activity "SHIP"',
        'pnl_lines.csv:7:4:unknown_reference: Unknown activity "SHIP"',
        'rules_step4.csv:5:5:formula: Unknown name "fuel" at position 11 in formula "=freight * fuel"',
      ]),
    );
  });

  it("an empty pool_code is an activity outside any pool; an unknown one is refused", async () => {
    const dir = join(await tempDir(), "bundle");
    await cp(baseBundle, dir, { recursive: true });
    const file = join(dir, "activities.csv");
    const text = await readFile(file, "utf8");
    await writeFile(file, `${text.trimEnd()}\nAUDIT,Internal audit,,false\n`);
    const model = await readBundle(dir);
    expect(model.activities.find((a) => a.code === "AUDIT")).toEqual({
      code: "AUDIT",
      name: "Internal audit",
      pool: "",
      isTdabc: false,
    });
    await writeFile(file, `${text.trimEnd()}\nAUDIT,Internal audit,NOPE,false\n`);
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.line}:${i.column}:${i.code}`)).toEqual([
      "activities.csv:6:3:unknown_reference",
    ]);
  });

  it("a step-6 push may start where an earlier push of the driver brought it; else it is refused", async () => {
    const dir = join(await tempDir(), "bundle");
    await cp(baseBundle, dir, { recursive: true });
    const drivers = join(dir, "calculated_drivers.csv");
    await writeFile(
      drivers,
      `${(await readFile(drivers, "utf8")).trimEnd()}\nCUSTOMERS,rebates,=visits,true\n`,
    );
    const rules = join(dir, "rules_step6.csv");
    const header = "calculated_driver,parent_dimension_code,child_dimension_code,split\n";
    await writeFile(
      rules,
      `${header}rebates,ORDERS,ORDER_LINES,=quantity*price\nrebates,CUSTOMERS,ORDERS,EVEN\n`,
    );
    const model = await readBundle(dir);
    expect(model.rules.step6.map((r) => [r.calculatedDriver, r.parentDimension, r.childDimension])).toEqual([
      ["rebates", "ORDERS", "ORDER_LINES"],
      ["rebates", "CUSTOMERS", "ORDERS"],
    ]);
    // Without the first link nothing brings rebates to ORDERS.
    await writeFile(rules, `${header}rebates,ORDERS,ORDER_LINES,=quantity*price\n`);
    const issues = await issuesOf(dir);
    expect(issues.map((i) => `${i.file}:${i.line}:${i.column}:${i.code}: ${i.message}`)).toEqual([
      'rules_step6.csv:2:1:unknown_reference: "rebates" never reaches ORDERS: it is not a calculated driver of ORDERS and no step-6 push of it ends there (rule rebates ORDERS -> ORDER_LINES)',
    ]);
  });

  it("CSV syntax errors", async () => {
    const issues = await issuesOf(await overlaid("csv-syntax"));
    expect(issues.map((i) => [i.code, i.line, i.column, i.message])).toEqual([
      ["csv_syntax", 2, 2, 'A quote (") inside an unquoted field'],
      ["not_a_number", 2, 2, '"2"5" is not a number (use . as decimal separator)'],
      ["csv_syntax", 3, 2, "Unexpected text after a closing quote"],
    ]);
  });

  it("collects many errors up to the cap", async () => {
    const dir = await overlaid("many-errors");
    try {
      await readBundle(dir, { maxErrors: 50 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BundleError);
      const e = error as BundleError;
      expect(e.issues).toHaveLength(50);
      expect(e.truncated).toBe(true);
      expect([e.file, e.line, e.column, e.columnName]).toEqual(["records/PRODUCTS.csv", 2, 2, "unit_cost"]);
      expect(e.message).toContain("records/PRODUCTS.csv, line 2, column 2 (unit_cost):");
      expect(e.message).toContain("... and 30 more");
    }
  });

  it("model.json problems point at the key", async () => {
    const dir = await overlaid("unknown-column");
    await writeFile(
      join(dir, "model.json"),
      '{\n  "name": "X",\n  "scenario": {\n    "currency": "EURO",\n    "period_from": "2025-01-01",\n    "period_to": "2025-02-30"\n  }\n}\n',
    );
    await writeFile(join(dir, "records/PRODUCTS.csv"), "identifier,unit_cost\nP1,1\n");
    const issues = await issuesOf(dir);
    expect(issues.map((i) => [i.file, i.line, i.column, i.message])).toEqual([
      ["model.json", 4, 5, '"EURO" is not an ISO 4217 currency code'],
      ["model.json", 6, 5, '"2025-02-30" is not a date YYYY-MM-DD'],
    ]);
  });

  it("a misspelt CSV file and a missing bundle", async () => {
    const dir = await overlaid("unknown-column");
    await writeFile(join(dir, "records/PRODUCTS.csv"), "identifier,unit_cost\nP1,1\n");
    await writeFile(join(dir, "rule_step1.csv"), "x\n");
    expect((await issuesOf(dir)).map((i) => [i.code, i.file])).toEqual([["unknown_file", "rule_step1.csv"]]);
    expect((await issuesOf(join(dir, "nope")))[0]!.code).toBe("io");
  });
});
