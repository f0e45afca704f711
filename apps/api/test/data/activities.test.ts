import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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

const sql = async (text: string, values: unknown[] = []) =>
  (await w.t.database.executeSql(text, values)).rows;
const countOf = async (table: string, where: string, values: unknown[]) =>
  Number(((await sql(`select count(*) as n from ${table} where ${where}`, values))[0] as { n: string }).n);

describe("activities", () => {
  it("create with defaults and a generated code, list sorted and searched, change", async () => {
    const { model } = await modelWithScenario(w.analyst, "Activities");
    const pool = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "WH",
      name: "Warehouse",
    });
    const pick = await expectStatus(w.analyst, "POST", `/activities/?model=${model}`, 201, {
      model,
      name: "Pick & pack",
      description: "Order picking",
      costpool: pool.id,
    });
    expect(pick).toEqual({
      id: expect.any(Number),
      model,
      code: "PICK_PACK",
      name: "Pick & pack",
      description: "Order picking",
      is_tdabc: false,
      costpool: pool.id,
      costpool_name: "Warehouse",
    });
    const again = await expectStatus(w.analyst, "POST", "/activities/", 201, {
      model,
      name: "Pick  pack",
      is_tdabc: true,
    });
    expect(again).toMatchObject({ code: "PICK_PACK_2", is_tdabc: true, costpool: null, description: "" });
    await expectStatus(w.analyst, "POST", "/activities/", 201, { model, name: "Ship", code: "SHIP" });
    const taken = await expectStatus(w.analyst, "POST", "/activities/", 409, {
      model,
      name: "Ship again",
      code: "SHIP",
    });
    expect(fieldErrors(taken)).toEqual([["code", "taken"]]);
    const mismatch = await expectStatus(w.analyst, "POST", `/activities/?model=${model + 1000}`, 400, {
      model,
      name: "x",
    });
    expect(fieldErrors(mismatch)).toEqual([["model", "not_in_model"]]);
    const noName = await expectStatus(w.analyst, "POST", "/activities/", 400, { model, is_tdabc: "yes" });
    expect(fieldErrors(noName)).toEqual([
      ["name", "required"],
      ["is_tdabc", "invalid_type"],
    ]);

    const list = await expectStatus(w.analyst, "GET", `/activities/?model=${model}&ordering=-code`, 200);
    expect(list.results.map((a: { code: string }) => a.code)).toEqual(["SHIP", "PICK_PACK_2", "PICK_PACK"]);
    const searched = await expectStatus(
      w.analyst,
      "GET",
      `/activities/?model=${model}&search=pick&is_tdabc=True`,
      200,
    );
    expect(searched.results.map((a: { code: string }) => a.code)).toEqual(["PICK_PACK_2"]);
    const page = await expectStatus(
      w.analyst,
      "GET",
      `/activities/?model=${model}&limit=1&offset=1&ordering=code`,
      200,
    );
    expect(page).toMatchObject({ count: 3, results: [{ code: "PICK_PACK_2" }] });

    const changed = await expectStatus(w.analyst, "PATCH", `/activities/${pick.id}/`, 200, {
      model,
      name: "Picking",
      is_tdabc: true,
      costpool: null,
    });
    expect(changed).toMatchObject({
      name: "Picking",
      code: "PICK_PACK",
      is_tdabc: true,
      costpool: null,
      costpool_name: null,
    });
    const other = await modelWithScenario(w.analyst, "Activities other");
    const otherPool = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model: other.model,
      identifier: "X",
      name: "X",
    });
    const foreignPool = await expectStatus(w.analyst, "PATCH", `/activities/${pick.id}/`, 400, {
      costpool: otherPool.id,
    });
    expect(fieldErrors(foreignPool)).toEqual([["costpool", "not_in_model"]]);
  });

  it("deletes, as the spec's call without a parameter, with its rules of every step and its P&L lines in every scenario", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Delete activity");
    const second = await expectStatus(w.analyst, "POST", "/model/scenarios/", 201, { model, name: "S2" });
    const pool = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "P",
      name: "P",
    });
    const activity = await expectStatus(w.analyst, "POST", "/activities/", 201, {
      model,
      name: "Serve",
      costpool: pool.id,
    });
    const keep = await expectStatus(w.analyst, "POST", "/activities/", 201, {
      model,
      name: "Keep",
      costpool: pool.id,
    });
    const parent = await expectStatus(w.analyst, "POST", "/dimensions/", 201, { model, title: "Customers" });
    const child = await expectStatus(w.analyst, "POST", "/dimensions/", 201, {
      model,
      title: "Orders",
      pid: parent.id,
    });
    const { company_id: company } = await firstRow<{ company_id: number }>(
      w,
      "select company_id from activities where id = $1",
      [activity.id],
    );
    for (const s of [scenario, second.id]) {
      for (const a of [activity.id, keep.id]) {
        await sql(
          "insert into direct_allocations (company_id, scenario_id, source_id, destination_id, ratio) values ($1, $2, $3, $4, 0.5)",
          [company, s, pool.id, a],
        );
        await sql(
          "insert into activity_allocations (company_id, scenario_id, source_id, destination_id) values ($1, $2, $3, $4)",
          [company, s, a, parent.id],
        );
        await sql(
          "insert into dimension_allocations (company_id, scenario_id, source_activity_id, source_parent_id, destination_child_id) values ($1, $2, $3, $4, $5)",
          [company, s, a, parent.id, child.id],
        );
      }
    }
    const { id: line } = await firstRow<{ id: number }>(
      w,
      "insert into report_lines (company_id, model_id, code, category, activity_id) values ($1, $2, 'SERVE', 'ACT', $3) returning id",
      [company, model, activity.id],
    );
    // A line under the activity's line survives, detached (the parent goes with the activity).
    await sql(
      "insert into report_lines (company_id, model_id, code, category, activity_id, parent_id) values ($1, $2, 'KEEP', 'ACT', $3, $4)",
      [company, model, keep.id, line],
    );

    const impact = await expectStatus(w.analyst, "GET", `/activities/${activity.id}/delete-impact/`, 200);
    expect(impact).toEqual({
      activity: activity.id,
      step3_rules: 2,
      step4_rules: 2,
      step5_rules: 2,
      pnl_lines: 1,
      scenarios: 2,
    });
    // An explicit confirm=false holds the delete back.
    const unconfirmed = await w.analyst("DELETE", `/activities/${activity.id}/?confirm=false`);
    expect(unconfirmed.statusCode).toBe(400);
    expect(fieldErrors(unconfirmed.json())).toEqual([["confirm", "confirm_required"]]);
    expect(await countOf("activities", "id = $1", [activity.id])).toBe(1);

    await expectStatus(w.analyst, "DELETE", `/activities/${activity.id}/`, 204);
    await expectStatus(w.analyst, "GET", `/activities/${activity.id}/`, 404);
    expect(await countOf("direct_allocations", "destination_id = $1", [activity.id])).toBe(0);
    expect(await countOf("activity_allocations", "source_id = $1", [activity.id])).toBe(0);
    expect(await countOf("dimension_allocations", "source_activity_id = $1", [activity.id])).toBe(0);
    expect(await countOf("report_lines", "activity_id = $1", [activity.id])).toBe(0);
    // The other activity's rules (both scenarios) and line stay.
    expect(await countOf("direct_allocations", "destination_id = $1", [keep.id])).toBe(2);
    expect(await countOf("activity_allocations", "source_id = $1", [keep.id])).toBe(2);
    expect(await countOf("dimension_allocations", "source_activity_id = $1", [keep.id])).toBe(2);
    expect(await sql("select code, parent_id from report_lines where model_id = $1", [model])).toEqual([
      { code: "KEEP", parent_id: null },
    ]);
  });

  it("company B gets 404 on every activity call about company A's rows", async () => {
    const { model } = await modelWithScenario(w.analyst, "Secret activities");
    const activity = await expectStatus(w.analyst, "POST", "/activities/", 201, { model, name: "Secret" });
    const calls: [string, string, unknown?][] = [
      ["GET", `/activities/?model=${model}`],
      ["GET", `/activities/${activity.id}/`],
      ["GET", `/activities/${activity.id}/delete-impact/`],
      ["POST", `/activities/?model=${model}`, { model, name: "B" }],
      ["PATCH", `/activities/${activity.id}/`, { name: "B" }],
      ["DELETE", `/activities/${activity.id}/?confirm=true`],
    ];
    for (const [method, path, payload] of calls) {
      expect((await w.stranger(method as "GET", path, payload)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await expectStatus(w.analyst, "GET", `/activities/${activity.id}/`, 200)).name).toBe("Secret");
    await expectStatus(w.viewer, "DELETE", `/activities/${activity.id}/?confirm=true`, 403);
  });
});
