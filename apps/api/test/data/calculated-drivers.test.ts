import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../helpers/test-app.ts";
import {
  type Call,
  type DataWorld,
  expectStatus,
  fieldErrors,
  firstRow,
  modelWithScenario,
  startDataWorld,
} from "./data-helpers.ts";

let w: DataWorld;
beforeAll(async () => {
  w = await startDataWorld();
});
afterAll(async () => {
  await w?.t.close();
});

/** A model whose Sales dimension has quantity and price drivers and three records. */
async function salesModel(name: string) {
  const { model, scenario } = await modelWithScenario(w.analyst, name);
  const sales = (await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Sales" }))
    .id as number;
  for (const driver of ["qty", "price"]) {
    await expectStatus(w.analyst, "POST", "/dimension/drivers/", 201, {
      dimension: sales,
      name: driver,
      data_type: "DECI",
    });
  }
  await expectStatus(w.analyst, "POST", "/dimension/drivers/", 201, {
    dimension: sales,
    name: "note",
    data_type: "TEXT",
  });
  const records: [string, Record<string, number | string>][] = [
    ["S1", { qty: 2, price: 10.5 }],
    ["S2", { qty: 3, price: 0.1 }],
    ["S3", { price: 7, note: "no quantity" }],
  ];
  for (const [identifier, fields] of records) {
    await expectStatus(w.analyst, "POST", "/transactional-data/transactions", 201, {
      scenario,
      dimension: sales,
      transaction_id: identifier,
      fields,
    });
  }
  return { model, scenario, sales };
}

async function finished(call: Call, scenario: number, calculationId: number) {
  return eventually(async () => {
    const list = await expectStatus(
      call,
      "GET",
      `/transactional-data/calculations/${scenario}?ordering=-started_at`,
      200,
    );
    const run = list.items.find((r: { calculation_id: number }) => r.calculation_id === calculationId);
    expect(["FINISHED", "ERROR", "STOPPED"]).toContain(run.status);
    return run;
  }, 30_000);
}

describe("calculated drivers", () => {
  it("answer formula_feedback and formula_splited on every save (older and beta APIs, one store)", async () => {
    const { model, sales } = await salesModel("Feedback");
    const revenue = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "revenue",
      formula: "=qty * price",
    });
    expect(revenue).toEqual({
      id: expect.any(Number),
      model,
      dimension: sales,
      dimension_name: "Sales",
      name: "revenue",
      formula: "=qty * price",
      type: "DECI",
      is_pnl_line: false,
      position: 0,
      formula_feedback: {
        valid: true,
        names: ["qty", "price"],
        code: null,
        position: null,
        name: null,
        message: "the formula is valid",
        message_key: "errors.reasons.formula_valid",
      },
      formula_splited: ["qty", "*", "price"],
    });
    // The default '=' is saved, with its feedback.
    const empty = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "later",
    });
    expect(empty.formula).toBe("=");
    expect(empty.formula_feedback).toMatchObject({ valid: false, code: "empty_formula", position: 1 });
    // Text drivers and unknown names are not readable; the position says where.
    const unknown = await expectStatus(
      w.analyst,
      "PATCH",
      `/dimension/calculated-drivers/${empty.id}/`,
      200,
      {
        formula: "=revenue - note",
      },
    );
    expect(unknown.formula_feedback).toMatchObject({
      valid: false,
      code: "unknown_name",
      position: 11,
      name: "note",
      message: "unknown name note at character 12",
    });
    expect(unknown.formula_splited).toEqual(["revenue", "-", "note"]);
    const syntax = await w.analyst("POST", "/transactional-data/calculated-drivers/check-formula", {
      dimension: sales,
      formula: "=qty * (price",
    });
    expect(syntax.json().formula_feedback).toMatchObject({ valid: false, code: "unclosed_parenthesis" });
    // A calculated driver may only read those defined before it.
    const early = await expectStatus(
      w.analyst,
      "POST",
      "/transactional-data/calculated-drivers/check-formula",
      200,
      {
        dimension: sales,
        formula: "=later + 1",
        driver_id: revenue.id,
      },
    );
    expect(early.formula_feedback).toMatchObject({ valid: false, code: "unknown_name", name: "later" });

    // Beta form, same store.
    const margin = await expectStatus(w.analyst, "POST", "/transactional-data/calculated-drivers", 201, {
      dimension: sales,
      driver_name: "margin",
      driver_formula: "=revenue * 0.25",
      is_pl: true,
    });
    expect(margin).toMatchObject({
      name: "margin",
      is_pnl_line: true,
      position: 2,
      formula_feedback: { valid: true },
    });
    const moved = await expectStatus(
      w.analyst,
      "PATCH",
      `/transactional-data/calculated-drivers/${margin.id}/dimension/${sales}`,
      200,
      {
        dimension: sales,
        driver_name: "margin",
        driver_formula: "=ROUND(revenue * 0.3, 2)",
        is_pl: true,
        old_driver_id: margin.id,
      },
    );
    expect(moved.formula_splited).toEqual(["ROUND", "(", "revenue", "*", "0.3", ",", "2", ")"]);
    const beta = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers?model=${model}&ordering=position&limit=2`,
      200,
    );
    expect(beta.count).toBe(3);
    expect(
      beta.items.map((d: { name: string; formula_feedback: { valid: boolean } }) => [
        d.name,
        d.formula_feedback.valid,
      ]),
    ).toEqual([
      ["revenue", true],
      ["later", false],
    ]);
    const pnl = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/calculated-drivers/?model=${model}&is_pnl_line=True`,
      200,
    );
    expect(pnl.results.map((d: { name: string }) => d.name)).toEqual(["margin"]);

    // Names are one namespace per dimension with the drivers.
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 409, {
          dimension: sales,
          name: "qty",
        }),
      ),
    ).toEqual([["name", "taken"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/transactional-data/calculated-drivers", 409, {
          dimension: sales,
          driver_name: "revenue",
        }),
      ),
    ).toEqual([["driver_name", "taken"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 400, {
          dimension: sales,
          name: "x",
          type: "TEXT",
        }),
      ),
    ).toEqual([["type", "invalid_value"]]);
    await expectStatus(w.analyst, "DELETE", `/dimension/calculated-drivers/${empty.id}/`, 204);
    await expectStatus(w.analyst, "GET", `/dimension/calculated-drivers/${empty.id}/`, 404);
  });

  it("calculate on the queue: results and results-sum equal the hand-computed sums; CSV export; older totals", async () => {
    const { scenario, sales } = await salesModel("Calculate");
    const none = await expectStatus(
      w.analyst,
      "POST",
      `/transactional-data/calculated-drivers/scenario/${scenario}/calculate`,
      400,
    );
    expect(none.errors).toEqual([
      {
        field: "scenario",
        reason: "no_calculated_drivers",
        message: "No calculated drivers for this dimension",
      },
    ]);
    const revenue = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "revenue",
      formula: "=qty * price",
    });
    const fee = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "fee",
      formula: "=IF(qty = 0, 1, revenue / qty) + 0.5",
    });
    const noResults = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results?scenario=${scenario}`,
      404,
    );
    expect(noResults.errors[0]).toMatchObject({
      field: "calculation",
      reason: "no_calculation",
      message: "No calculation found",
    });

    const requested = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/calculate/", 202, {
      scenario,
    });
    expect(requested).toEqual({
      calculation_id: expect.any(Number),
      task_id: expect.any(String),
      status: "REQUESTED",
      UUID: expect.any(String),
    });
    const run = await finished(w.analyst, scenario, requested.calculation_id);
    expect(run).toMatchObject({
      status: "FINISHED",
      calculation_status: "FINISHED",
      requested_by: "Carlos Client",
      progress: 1,
    });

    // By hand: revenue = 2*10.5 + 3*0.1 + 0*7 (missing qty reads as 0) = 21.3;
    // fee = (10.5 + 0.5) + (0.1 + 0.5) + (1 + 0.5) = 13.1.
    const results = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results?scenario=${scenario}&dimension=${sales}`,
      200,
    );
    expect(results.count).toBe(2);
    expect(results.items).toEqual([
      expect.objectContaining({ calculated_driver_name: "revenue", dimension_name: "Sales", records: 3 }),
      expect.objectContaining({ calculated_driver_name: "fee", records: 3 }),
    ]);
    expect(results.items[0].sum_value).toBeCloseTo(21.3, 10);
    expect(results.items[1].sum_value).toBeCloseTo(13.1, 10);
    const sum = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results-sum/${scenario}`,
      200,
    );
    expect(sum).toMatchObject({ scenario, calculation_id: requested.calculation_id, drivers: 2 });
    expect(sum.sum_value).toBeCloseTo(34.4, 10);
    const one = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results-sum/${scenario}?driver=${fee.id}`,
      200,
    );
    expect(one.sum_value).toBeCloseTo(13.1, 10);
    const perRecord = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results/records?scenario=${scenario}&driver=${revenue.id}`,
      200,
    );
    expect(perRecord.count).toBe(3);
    expect(
      perRecord.items.map((r: { identifier: string; value: number }) => [r.identifier, r.value]),
    ).toEqual([
      ["S1", 21],
      ["S2", 0.3],
      ["S3", 0],
    ]);

    const older = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/calculated-drivers/get-calculated/?scenario=${scenario}&ordering=-total_value&limit=10&offset=0`,
      200,
    );
    expect(older.results.map((d: { name: string; total_value: number }) => [d.name, d.total_value])).toEqual([
      ["revenue", 21.3],
      ["fee", 13.1],
    ]);

    const resumeBefore = await expectStatus(w.analyst, "GET", "/dashboard/quick-resume/", 200);
    expect(resumeBefore.latest_calculations[0]).toMatchObject({
      id: requested.calculation_id,
      scenario,
      category: "CALCULATED_DRIVERS",
      status: "FINISHED",
    });
    expect(resumeBefore.latest_calculations[0].finished_at).not.toBeNull();
    const csv = await w.analyst(
      "GET",
      `/export/files/?scenario=${scenario}&data_type=RECORDS_ONLY_CALCULATED&driver=${revenue.id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toBe("\uFEFFidentifier,revenue\nS1,21\nS2,0.3\nS3,0\n");
    const downloads = await expectStatus(w.analyst, "GET", `/export/files/?scenario=${scenario}`, 200);
    expect(downloads.results[0]).toMatchObject({
      kind: "RECORDS_ONLY_CALCULATED",
      status: "PROCESSED",
      requested_by: "Carlos Client",
    });
    // The same file through the file pipeline (POST export/files/), downloaded from the list.
    const requestedFile = await expectStatus(w.analyst, "POST", "/export/files/", 201, {
      scenario,
      data_type: "RECORDS_ONLY_CALCULATED",
      driver: revenue.id,
    });
    expect(requestedFile).toMatchObject({ status: "PROCESSING", kind: "RECORDS_ONLY_CALCULATED" });
    const ready = await eventually(async () => {
      const file = await expectStatus(w.analyst, "GET", `/export/files/${requestedFile.id}/`, 200);
      expect(file.status).toBe("PROCESSED");
      return file;
    }, 30_000);
    const downloaded = await w.analyst("GET", ready.download_url.replace("/api/v1", ""));
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toBe("\uFEFFidentifier,revenue\nS1,21\nS2,0.3\nS3,0\n");
    const resumeAfter = await expectStatus(w.analyst, "GET", "/dashboard/quick-resume/", 200);
    expect(resumeAfter.reports_to_download).toBe(resumeBefore.reports_to_download + 2);
    expect(
      fieldErrors(
        await expectStatus(
          w.analyst,
          "GET",
          `/export/files/?scenario=${scenario}&data_type=RECORDS_ONLY_CALCULATED`,
          400,
        ),
      ),
    ).toEqual([["driver", "required"]]);

    const runs = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/drivers-calculation/?scenario=${scenario}`,
      200,
    );
    expect(runs.results[0]).toMatchObject({
      calculation_id: requested.calculation_id,
      calculation_status: "FINISHED",
    });
    const issues = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/drivers-issues/?calculation=${requested.calculation_id}`,
      200,
    );
    expect(issues.count).toBe(0);

    // A second run replaces the first one's values; the first one's go.
    await expectStatus(w.analyst, "PATCH", `/dimension/calculated-drivers/${revenue.id}/`, 200, {
      formula: "=qty * price * 2",
    });
    const second = await expectStatus(
      w.analyst,
      "POST",
      `/transactional-data/calculated-drivers/scenario/${scenario}/calculate`,
      202,
    );
    await finished(w.analyst, scenario, second.calculation_id);
    const after = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results-sum/${scenario}?driver=${revenue.id}`,
      200,
    );
    expect(after).toMatchObject({ calculation_id: second.calculation_id });
    expect(after.sum_value).toBeCloseTo(42.6, 10);
    const oldRows = await w.t.database.executeSql(
      "select count(*) as n from calculated_driver_values where calculation_id = $1",
      [requested.calculation_id],
    );
    expect(Number((oldRows.rows[0] as { n: string }).n)).toBe(0);
  });

  it("a formula error ends the run in ERROR with the issue logged; the previous results stay", async () => {
    const { scenario, sales } = await salesModel("Errors");
    await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "revenue",
      formula: "=qty * price",
    });
    const first = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/calculate/", 202, {
      scenario,
    });
    await finished(w.analyst, scenario, first.calculation_id);
    await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "ratio",
      formula: "=price / qty",
    });
    const second = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/calculate/", 202, {
      scenario,
    });
    const run = await finished(w.analyst, scenario, second.calculation_id);
    expect(run.status).toBe("ERROR");
    expect(run.error).toContain("ratio (Sales)");
    const issues = await expectStatus(
      w.analyst,
      "GET",
      `/dimension/drivers-issues/?calculation=${second.calculation_id}`,
      200,
    );
    expect(issues.results).toEqual([
      expect.objectContaining({
        level: "ERROR",
        detail: expect.stringContaining("division by zero at character 8 (S3)"),
      }),
    ]);
    // Results still come from the last finished run.
    const sum = await expectStatus(
      w.analyst,
      "GET",
      `/transactional-data/calculated-drivers/results-sum/${scenario}`,
      200,
    );
    expect(sum).toMatchObject({ calculation_id: first.calculation_id, drivers: 1 });
    expect(sum.sum_value).toBeCloseTo(21.3, 10);
    const values = await w.t.database.executeSql(
      "select count(*) as n from calculated_driver_values where calculation_id = $1",
      [second.calculation_id],
    );
    expect(Number((values.rows[0] as { n: string }).n)).toBe(0);
  });

  it("a run can be cancelled before it starts; a finished one cannot", async () => {
    const { scenario, sales } = await salesModel("Cancel");
    await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "r",
      formula: "=qty",
    });
    // Take the queue's worker out of the picture: a run that is only REQUESTED is stopped at once.
    const { company_id: company } = await firstRow<{ company_id: number }>(
      w,
      "select company_id from dimensions where id = $1",
      [sales],
    );
    const { id } = await firstRow<{ id: number }>(
      w,
      `insert into calculations (company_id, scenario_id, category, options) values ($1, $2, 'CALCULATED_DRIVERS', '{"runner":"calculated-drivers"}') returning id`,
      [company, scenario],
    );
    const busy = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/calculate/", 409, {
      scenario,
    });
    expect(fieldErrors(busy)).toEqual([["scenario", "calculation_running"]]);
    const cancelled = await expectStatus(
      w.analyst,
      "POST",
      `/transactional-data/calculated-drivers/scenario/${scenario}/cancel-calculate`,
      200,
      {
        calculation_id: id,
        task_id: null,
      },
    );
    expect(cancelled).toEqual({ calculation_id: id, status: "STOPPED" });
    const again = await expectStatus(
      w.analyst,
      "POST",
      `/transactional-data/calculated-drivers/scenario/${scenario}/cancel-calculate`,
      400,
      {
        calculation_id: id,
      },
    );
    expect(fieldErrors(again)).toEqual([["calculation_id", "not_stoppable"]]);
    const other = await modelWithScenario(w.analyst, "Cancel other");
    await expectStatus(
      w.analyst,
      "POST",
      `/transactional-data/calculated-drivers/scenario/${other.scenario}/cancel-calculate`,
      404,
      {
        calculation_id: id,
      },
    );
  });

  it("company B gets 404 on every calculated-driver call about company A's rows", async () => {
    const { model, scenario, sales } = await salesModel("Secret drivers");
    const driver = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/", 201, {
      dimension: sales,
      name: "revenue",
      formula: "=qty * price",
    });
    const run = await expectStatus(w.analyst, "POST", "/dimension/calculated-drivers/calculate/", 202, {
      scenario,
    });
    await finished(w.analyst, scenario, run.calculation_id);
    const calls: [string, string, unknown?][] = [
      ["GET", `/dimension/calculated-drivers/get-calculated/?scenario=${scenario}`],
      ["GET", `/dimension/calculated-drivers/?model=${model}&is_pnl_line=True`],
      ["GET", `/dimension/calculated-drivers/${driver.id}/`],
      ["POST", "/dimension/calculated-drivers/", { dimension: sales, name: "b" }],
      ["PATCH", `/dimension/calculated-drivers/${driver.id}/`, { formula: "=1" }],
      ["DELETE", `/dimension/calculated-drivers/${driver.id}/`],
      ["POST", "/dimension/calculated-drivers/calculate/", { scenario }],
      ["GET", `/export/files/?scenario=${scenario}&data_type=RECORDS_ONLY_CALCULATED&driver=${driver.id}`],
      ["GET", `/export/files/?scenario=${scenario}`],
      ["GET", `/dimension/drivers-calculation/?scenario=${scenario}`],
      ["GET", `/dimension/drivers-issues/?calculation=${run.calculation_id}`],
      ["GET", `/transactional-data/calculated-drivers?model=${model}`],
      ["POST", "/transactional-data/calculated-drivers", { dimension: sales, driver_name: "b" }],
      [
        "POST",
        "/transactional-data/calculated-drivers",
        { dimension: sales, driver_name: "b", driver_id: driver.id },
      ],
      ["POST", "/transactional-data/calculated-drivers/check-formula", { dimension: sales, formula: "=qty" }],
      [
        "PATCH",
        `/transactional-data/calculated-drivers/${driver.id}/dimension/${sales}`,
        { dimension: sales, driver_name: "b", driver_formula: "=1" },
      ],
      ["GET", `/transactional-data/calculated-drivers/results?scenario=${scenario}`],
      [
        "GET",
        `/transactional-data/calculated-drivers/results/records?scenario=${scenario}&driver=${driver.id}`,
      ],
      ["GET", `/transactional-data/calculated-drivers/results-sum/${scenario}`],
      ["POST", `/transactional-data/calculated-drivers/scenario/${scenario}/calculate`],
      [
        "POST",
        `/transactional-data/calculated-drivers/scenario/${scenario}/cancel-calculate`,
        { calculation_id: run.calculation_id },
      ],
      ["GET", `/transactional-data/calculations/${scenario}?ordering=-started_at`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await w.stranger(method as "GET", path, payload)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect(
      (await expectStatus(w.analyst, "GET", `/dimension/calculated-drivers/${driver.id}/`, 200)).formula,
    ).toBe("=qty * price");
    await expectStatus(w.viewer, "POST", "/dimension/calculated-drivers/calculate/", 403, { scenario });
  });
});
