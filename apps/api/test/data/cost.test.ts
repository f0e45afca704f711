import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../helpers/test-app.ts";
import { uploader } from "../uploads/upload-helpers.ts";
import {
  type DataWorld,
  expectStatus,
  fieldErrors,
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

async function account(model: number, ID: string, name: string, expense_group = "") {
  return expectStatus(w.analyst, "POST", "/cost/financial-accounts/", 201, {
    model,
    ID,
    name,
    expense_group,
  });
}

describe("financial accounts", () => {
  it("create, change, list as a sorted, searchable, paged table with amounts, and total", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Accounts");
    const rent = await account(model, "6100", "Rent", "Facilities");
    expect(rent).toEqual({
      account_id: expect.any(Number),
      ID: "6100",
      name: "Rent",
      expense_group: "Facilities",
      model,
    });
    const wages = await account(model, "6200", "Wages", "People");
    const power = await account(model, "6000", "Power", "Facilities");

    await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: rent.account_id,
      amount: "1200.50",
    });
    await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: wages.account_id,
      amount: 3000,
    });

    const byId = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&ordering=ID`,
      200,
    );
    expect(byId.results.map((r: { ID: string }) => r.ID)).toEqual(["6000", "6100", "6200"]);
    expect(byId.results[0]).toEqual({ ...power, amount: null, value_id: null });
    expect(byId.results[1]).toMatchObject({ ID: "6100", amount: 1200.5, value_id: expect.any(Number) });
    const byName = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&ordering=-name`,
      200,
    );
    expect(byName.results.map((r: { name: string }) => r.name)).toEqual(["Wages", "Rent", "Power"]);
    const byGroup = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&ordering=expense_group`,
      200,
    );
    expect(byGroup.results.map((r: { expense_group: string }) => r.expense_group)).toEqual([
      "Facilities",
      "Facilities",
      "People",
    ]);
    const paged = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&limit=2&ordering=ID`,
      200,
    );
    expect(paged.count).toBe(3);
    expect(paged.results).toHaveLength(2);
    expect(paged.next).toContain("offset=2");
    expect(paged.previous).toBeNull();
    const searched = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&search=wag`,
      200,
    );
    expect(searched.results.map((r: { ID: string }) => r.ID)).toEqual(["6200"]);
    expect(searched.count).toBe(1);
    // The count rides on the rows of a page: a page past the end still says how many there are.
    const last = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&limit=2&offset=2&ordering=ID`,
      200,
    );
    expect([last.count, last.results.length]).toEqual([3, 1]);
    const beyond = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&limit=2&offset=10`,
      200,
    );
    expect([beyond.count, beyond.results.length]).toEqual([3, 0]);
    const none = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&search=nothing-like-this`,
      200,
    );
    expect([none.count, none.results.length]).toEqual([0, 0]);
    const bad = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-table/?scenario=${scenario}&ordering=amountx`,
      400,
    );
    expect(fieldErrors(bad)).toEqual([["ordering", "invalid_value"]]);

    expect(
      await expectStatus(
        w.analyst,
        "GET",
        `/cost/financial-accounts/get-amount-sum/?scenario=${scenario}`,
        200,
      ),
    ).toEqual({
      total: 4200.5,
    });

    const changed = await expectStatus(
      w.analyst,
      "PUT",
      `/cost/financial-accounts/${rent.account_id}/`,
      200,
      {
        model,
        ID: "6110",
        name: "Rent and rates",
        expense_group: "Facilities",
      },
    );
    expect(changed).toMatchObject({ ID: "6110", name: "Rent and rates" });
    const list = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/?model=${model}&ordering=-ID`,
      200,
    );
    expect(list.results.map((r: { ID: string }) => r.ID)).toEqual(["6200", "6110", "6000"]);
  });

  it("refuses bad payloads naming the field", async () => {
    const { model } = await modelWithScenario(w.analyst, "Account errors");
    await account(model, "A1", "One");
    const taken = await expectStatus(w.analyst, "POST", "/cost/financial-accounts/", 409, {
      model,
      ID: "A1",
      name: "Again",
    });
    expect(fieldErrors(taken)).toEqual([["ID", "taken"]]);
    const blank = await expectStatus(w.analyst, "POST", "/cost/financial-accounts/", 400, {
      model,
      ID: "A2",
      name: " ",
    });
    expect(fieldErrors(blank)).toEqual([["name", "required"]]);
    const unknown = await expectStatus(w.analyst, "POST", "/cost/financial-accounts/", 400, {
      model,
      ID: "A3",
      name: "x",
      colour: "red",
    });
    expect(fieldErrors(unknown)).toEqual([["colour", "unknown_field"]]);
    const noModel = await expectStatus(w.analyst, "POST", "/cost/financial-accounts/", 404, {
      model: 999999,
      ID: "A4",
      name: "x",
    });
    expect(fieldErrors(noModel)).toEqual([["model", "not_found"]]);
    const other = await modelWithScenario(w.analyst, "Other model");
    const a = await account(model, "A5", "Five");
    const moved = await expectStatus(w.analyst, "PUT", `/cost/financial-accounts/${a.account_id}/`, 400, {
      model: other.model,
      ID: "A5",
      name: "Five",
    });
    expect(fieldErrors(moved)).toEqual([["model", "not_in_model"]]);
    const amount = await expectStatus(w.analyst, "POST", "/cost/account-values/", 400, {
      scenario: other.scenario,
      account: a.account_id,
      amount: "12,5",
    });
    expect(fieldErrors(amount)).toEqual([["amount", "invalid_format"]]);
    const wrongModel = await expectStatus(w.analyst, "POST", "/cost/account-values/", 400, {
      scenario: other.scenario,
      account: a.account_id,
      amount: "12.5",
    });
    expect(fieldErrors(wrongModel)).toEqual([["account", "not_in_model"]]);
  });

  it("download the template and the data file as CSV", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Files");
    const a = await account(model, "7000", "Travel, hotels", "Sales");
    await account(model, "6000", "Power");
    await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: a.account_id,
      amount: "99.95",
    });
    const template = await w.analyst("GET", `/cost/financial-accounts/get-template-file/?model=${model}`);
    expect(template.statusCode).toBe(200);
    expect(template.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(template.headers["content-disposition"]).toContain("attachment");
    expect(template.body).toBe("\uFEFFaccount_code,name,expense_group\n");
    const data = await w.analyst(
      "GET",
      `/cost/financial-accounts/get-data-file/?model=${model}&scenario=${scenario}`,
    );
    expect(data.statusCode).toBe(200);
    expect(data.body).toBe(
      '\uFEFFaccount_code,name,expense_group,amount\n6000,Power,,\n7000,"Travel, hotels",Sales,99.95\n',
    );
    const other = await modelWithScenario(w.analyst, "Files 2");
    const mismatch = await expectStatus(
      w.analyst,
      "GET",
      `/cost/financial-accounts/get-data-file/?model=${model}&scenario=${other.scenario}`,
      400,
    );
    expect(fieldErrors(mismatch)).toEqual([["scenario", "not_in_model"]]);
  });

  it("neutralises formula-looking text in the data file, and an upload of it reads it back", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Formula cells");
    const a = await account(model, "@SUM", '=HYPERLINK("http://x")', "-cmd");
    await account(model, "+1", "Plain", "=1+2");
    await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: a.account_id,
      amount: "-12.5",
    });
    const data = await w.analyst(
      "GET",
      `/cost/financial-accounts/get-data-file/?model=${model}&scenario=${scenario}`,
    );
    expect(data.statusCode).toBe(200);
    // Text starting with = + - @ gets a leading ' (shown as text by spreadsheets); a plain number
    // such as the negative amount, or the code "+1", stays a number.
    expect(data.body).toBe(
      "\uFEFFaccount_code,name,expense_group,amount\n" +
        "+1,Plain,'=1+2,\n" +
        '\'@SUM,"\'=HYPERLINK(""http://x"")",\'-cmd,-12.5\n',
    );

    // The neutralised cells upload as what was exported.
    const target = await modelWithScenario(w.analyst, "Formula cells back");
    const upload = uploader(w.t.app, (await login(w.t.app, "client@costflow.demo")).access);
    const done = await upload.process(
      { scenario: target.scenario, kind: "ACCOUNTS", mode: "MERGE" },
      {
        name: "accounts.csv",
        content: 'account_code,name,expense_group\n\'@SUM,"\'=HYPERLINK(""http://x"")",\'-cmd\n',
      },
    );
    expect(done.status, JSON.stringify(done.errors)).toBe("PROCESSED");
    const back = await expectStatus(w.analyst, "GET", `/cost/financial-accounts/?model=${target.model}`, 200);
    expect(back.results).toEqual([
      expect.objectContaining({ ID: "@SUM", name: '=HYPERLINK("http://x")', expense_group: "-cmd" }),
    ]);
  });

  it("delete an account with its values and step-1 rules", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Cascade");
    const a = await account(model, "1", "Gone");
    await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: a.account_id,
      amount: 10,
    });
    const pool = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "P",
      name: "Pool",
    });
    const [company] = (
      await w.t.database.executeSql("select company_id from financial_accounts where id = $1", [a.account_id])
    ).rows as { company_id: number }[];
    await w.t.database.executeSql(
      "insert into account_allocations (company_id, scenario_id, source_id, destination_id, type, ratio) values ($1, $2, $3, $4, 'PERCENTAGE', 1)",
      [company!.company_id, scenario, a.account_id, pool.id],
    );
    const count = async (table: string) =>
      Number(
        (
          (
            await w.t.database.executeSql(`select count(*) as n from ${table} where scenario_id = $1`, [
              scenario,
            ])
          ).rows[0] as {
            n: string;
          }
        ).n,
      );
    expect(await count("account_allocations")).toBe(1);
    expect(await count("account_values")).toBe(1);
    await expectStatus(w.analyst, "DELETE", `/cost/financial-accounts/${a.account_id}/`, 204);
    expect(await count("account_allocations")).toBe(0);
    expect(await count("account_values")).toBe(0);
    await expectStatus(w.analyst, "GET", `/cost/financial-accounts/${a.account_id}/`, 404);
  });
});

describe("account values", () => {
  it("follow the upsert rule, look up by account and by search, and change by PATCH", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Values");
    const rent = await account(model, "6100", "Rent");
    await account(model, "6200", "Wages");
    // The client first looks the value up; none exists, so it creates one.
    const none = await expectStatus(
      w.analyst,
      "GET",
      `/cost/account-values/?scenario=${scenario}&account=${rent.account_id}`,
      200,
    );
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
    const created = await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: rent.account_id,
      amount: "100.10",
    });
    expect(created).toEqual({
      id: expect.any(Number),
      scenario,
      account: rent.account_id,
      amount: 100.1,
      account_ID: "6100",
      account_name: "Rent",
    });
    // Posting again for the same (scenario, account) updates the one value.
    const again = await expectStatus(w.analyst, "POST", "/cost/account-values/", 200, {
      scenario,
      account: rent.account_id,
      amount: 250,
    });
    expect(again).toMatchObject({ id: created.id, amount: 250 });
    const one = await expectStatus(
      w.analyst,
      "GET",
      `/cost/account-values/?scenario=${scenario}&account=${rent.account_id}`,
      200,
    );
    expect(one.count).toBe(1);
    expect(one.results[0]).toMatchObject({ id: created.id, amount: 250 });

    const found = await expectStatus(
      w.analyst,
      "GET",
      `/cost/account-values/?scenario=${scenario}&search=ren`,
      200,
    );
    expect(found.results.map((r: { account_ID: string }) => r.account_ID)).toEqual(["6100"]);
    const empty = await w.analyst("GET", `/cost/account-values/?scenario=${scenario}&search=`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: "search", reason: "search_account", message: "Please search for an account." },
    ]);

    const patched = await expectStatus(w.analyst, "PATCH", `/cost/account-values/${created.id}/`, 200, {
      amount: "-5.25",
    });
    expect(patched.amount).toBe(-5.25);
    const bad = await expectStatus(w.analyst, "PATCH", `/cost/account-values/${created.id}/`, 400, {
      amount: "lots",
    });
    expect(fieldErrors(bad)).toEqual([["amount", "invalid_format"]]);
    await expectStatus(w.analyst, "DELETE", `/cost/account-values/${created.id}/`, 204);
    await expectStatus(w.analyst, "GET", `/cost/account-values/${created.id}/`, 404);
  });
});

describe("cost pools and their drivers", () => {
  it("list pools of a scenario with each driver's value, and of a model", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Pools");
    const it1 = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "IT",
      name: "IT",
      is_direct: false,
    });
    expect(it1).toEqual({
      id: expect.any(Number),
      model,
      identifier: "IT",
      name: "IT",
      is_direct: false,
      drivers: [],
    });
    const wh = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "WH",
      name: "Warehouse",
    });
    expect(wh.is_direct).toBe(true);
    const minutes = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Minutes",
      is_tdabc: true,
    });
    expect(minutes).toEqual({
      id: expect.any(Number),
      model,
      name: "Minutes",
      display_type: "DECI",
      is_tdabc: true,
    });
    const heads = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Headcount",
    });

    const value = await expectStatus(w.analyst, "POST", "/cost/pool-driver-values/", 201, {
      scenario,
      driver: minutes.id,
      pool: wh.id,
      value: "96000",
    });
    expect(value).toEqual({
      id: expect.any(Number),
      scenario,
      driver: minutes.id,
      pool: wh.id,
      value: 96000,
    });
    expect(
      await expectStatus(w.analyst, "POST", "/cost/pool-driver-values/", 200, {
        scenario,
        driver: minutes.id,
        pool: wh.id,
        value: 90000,
      }),
    ).toMatchObject({ id: value.id, value: 90000 });
    const bulk = await expectStatus(w.analyst, "POST", "/cost/pool-driver-values/bulk/", 200, {
      scenario,
      values: [
        { driver: heads.id, pool: it1.id, value: 4 },
        { driver: heads.id, pool: wh.id, value: "12" },
        { driver: minutes.id, pool: wh.id, value: null },
      ],
    });
    expect(bulk).toMatchObject({ saved: 2, deleted: 1 });

    const pools = await expectStatus(
      w.analyst,
      "GET",
      `/cost/pools/?scenario=${scenario}&ordering=identifier`,
      200,
    );
    expect(pools.count).toBe(2);
    const warehouse = pools.results[1];
    expect(warehouse.identifier).toBe("WH");
    expect(warehouse.drivers).toEqual([
      expect.objectContaining({ name: "Headcount", value: 12, capacity: false }),
      expect.objectContaining({ name: "Minutes", value: null, value_id: null, capacity: true }),
    ]);
    const direct = await expectStatus(w.analyst, "GET", `/cost/pools/?model=${model}&is_direct=false`, 200);
    expect(direct.results.map((p: { identifier: string }) => p.identifier)).toEqual(["IT"]);
    expect(direct.results[0].drivers.every((d: { value: null }) => d.value === null)).toBe(true);
    const values = await expectStatus(
      w.analyst,
      "GET",
      `/cost/pool-driver-values/?scenario=${scenario}&driver=${heads.id}`,
      200,
    );
    expect(values.count).toBe(2);
    expect(fieldErrors(await expectStatus(w.analyst, "GET", "/cost/pools/", 400))).toEqual([
      ["scenario", "required"],
    ]);

    const renamed = await expectStatus(w.analyst, "PATCH", `/cost/pools/${wh.id}/`, 200, {
      name: "Main warehouse",
    });
    expect(renamed).toMatchObject({ name: "Main warehouse", identifier: "WH" });
    const dup = await expectStatus(w.analyst, "PATCH", `/cost/pools/${wh.id}/`, 409, { identifier: "IT" });
    expect(fieldErrors(dup)).toEqual([["identifier", "taken"]]);
    expect(
      (await expectStatus(w.analyst, "GET", `/cost/pools/${wh.id}/?scenario=${scenario}`, 200)).drivers[0]
        .value,
    ).toBe(12);

    // A pool used by an activity cannot go; once free, it goes with its values.
    const activity = await expectStatus(w.analyst, "POST", "/activities/", 201, {
      model,
      name: "Picking",
      costpool: wh.id,
    });
    const used = await expectStatus(w.analyst, "DELETE", `/cost/pools/${wh.id}/`, 409);
    expect(fieldErrors(used)).toEqual([["id", "in_use"]]);
    await expectStatus(w.analyst, "PATCH", `/activities/${activity.id}/`, 200, { costpool: null });
    await expectStatus(w.analyst, "DELETE", `/cost/pools/${wh.id}/`, 204);
    expect(
      (await expectStatus(w.analyst, "GET", `/cost/pool-driver-values/?scenario=${scenario}`, 200)).count,
    ).toBe(1);
  });

  it("allow one TDABC driver per model, and only a decimal one", async () => {
    const { model } = await modelWithScenario(w.analyst, "TDABC");
    const first = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Capacity",
      is_tdabc: true,
    });
    const second = await w.analyst("POST", "/cost/pool-drivers/", { model, name: "Other", is_tdabc: true });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toEqual([
      { field: "is_tdabc", reason: "tdabc_taken", message: "Only one TDABC driver per model." },
    ]);
    const text = await w.analyst("POST", "/cost/pool-drivers/", {
      model,
      name: "Label",
      display_type: "TEXT",
      is_tdabc: true,
    });
    expect(text.json().errors).toEqual([
      {
        field: "display_type",
        reason: "tdabc_decimal",
        message: "The TDABC driver must be of decimal type.",
      },
    ]);
    const plain = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Plain",
      display_type: "TEXT",
    });
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/cost/pool-drivers/${plain.id}/`, 400, { is_tdabc: true }),
      ),
    ).toEqual([["display_type", "tdabc_decimal"]]);
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/cost/pool-drivers/${first.id}/`, 400, {
          display_type: "DATE",
        }),
      ),
    ).toEqual([["display_type", "tdabc_decimal"]]);
    const decimal = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Decimal",
    });
    expect(
      fieldErrors(
        await expectStatus(w.analyst, "PATCH", `/cost/pool-drivers/${decimal.id}/`, 400, { is_tdabc: true }),
      ),
    ).toEqual([["is_tdabc", "tdabc_taken"]]);
    // Moving the TDABC role: off the first, then on another.
    await expectStatus(w.analyst, "PATCH", `/cost/pool-drivers/${first.id}/`, 200, { is_tdabc: false });
    expect(
      await expectStatus(w.analyst, "PATCH", `/cost/pool-drivers/${decimal.id}/`, 200, { is_tdabc: true }),
    ).toMatchObject({
      is_tdabc: true,
    });
    const list = await expectStatus(
      w.analyst,
      "GET",
      `/cost/pool-drivers/?model=${model}&ordering=name`,
      200,
    );
    expect(list.results.map((d: { name: string; is_tdabc: boolean }) => [d.name, d.is_tdabc])).toEqual([
      ["Capacity", false],
      ["Decimal", true],
      ["Plain", false],
    ]);
    const dup = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 409, { model, name: "Plain" });
    expect(fieldErrors(dup)).toEqual([["name", "taken"]]);
    await expectStatus(w.analyst, "DELETE", `/cost/pool-drivers/${plain.id}/`, 204);
  });
});

describe("permissions and tenancy", () => {
  it("a viewer reads but cannot write", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Viewer");
    await expectStatus(w.viewer, "GET", `/cost/financial-accounts/get-table/?scenario=${scenario}`, 200);
    await expectStatus(w.viewer, "POST", "/cost/financial-accounts/", 403, { model, ID: "x", name: "x" });
  });

  it("company B gets 404 on every cost call about company A's rows", async () => {
    const { model, scenario } = await modelWithScenario(w.analyst, "Secret cost");
    const a = await account(model, "S1", "Secret");
    const value = await expectStatus(w.analyst, "POST", "/cost/account-values/", 201, {
      scenario,
      account: a.account_id,
      amount: 1,
    });
    const pool = await expectStatus(w.analyst, "POST", "/cost/pools/", 201, {
      model,
      identifier: "SP",
      name: "Secret pool",
    });
    const driver = await expectStatus(w.analyst, "POST", "/cost/pool-drivers/", 201, {
      model,
      name: "Secret driver",
    });
    const dv = await expectStatus(w.analyst, "POST", "/cost/pool-driver-values/", 201, {
      scenario,
      driver: driver.id,
      pool: pool.id,
      value: 1,
    });
    const calls: [string, string, unknown?][] = [
      ["GET", `/cost/financial-accounts/get-table/?scenario=${scenario}`],
      ["GET", `/cost/financial-accounts/get-amount-sum/?scenario=${scenario}`],
      ["GET", `/cost/financial-accounts/get-template-file/?model=${model}`],
      ["GET", `/cost/financial-accounts/get-data-file/?model=${model}&scenario=${scenario}`],
      ["GET", `/cost/financial-accounts/?model=${model}`],
      ["GET", `/cost/financial-accounts/${a.account_id}/`],
      ["POST", "/cost/financial-accounts/", { model, ID: "B", name: "B" }],
      ["PUT", `/cost/financial-accounts/${a.account_id}/`, { model, ID: "B", name: "B" }],
      ["DELETE", `/cost/financial-accounts/${a.account_id}/`],
      ["GET", `/cost/account-values/?scenario=${scenario}`],
      ["GET", `/cost/account-values/${value.id}/`],
      ["POST", "/cost/account-values/", { scenario, account: a.account_id, amount: 2 }],
      ["PATCH", `/cost/account-values/${value.id}/`, { amount: 2 }],
      ["DELETE", `/cost/account-values/${value.id}/`],
      ["GET", `/cost/pools/?scenario=${scenario}`],
      ["GET", `/cost/pools/?model=${model}`],
      ["GET", `/cost/pools/${pool.id}/`],
      ["POST", "/cost/pools/", { model, identifier: "B", name: "B" }],
      ["PATCH", `/cost/pools/${pool.id}/`, { name: "B" }],
      ["DELETE", `/cost/pools/${pool.id}/`],
      ["GET", `/cost/pool-drivers/?model=${model}`],
      ["GET", `/cost/pool-drivers/${driver.id}/`],
      ["POST", "/cost/pool-drivers/", { model, name: "B" }],
      ["PATCH", `/cost/pool-drivers/${driver.id}/`, { name: "B" }],
      ["DELETE", `/cost/pool-drivers/${driver.id}/`],
      ["GET", `/cost/pool-driver-values/?scenario=${scenario}`],
      ["GET", `/cost/pool-driver-values/${dv.id}/`],
      ["POST", "/cost/pool-driver-values/", { scenario, driver: driver.id, pool: pool.id, value: 2 }],
      [
        "POST",
        "/cost/pool-driver-values/bulk/",
        { scenario, values: [{ driver: driver.id, pool: pool.id, value: 2 }] },
      ],
      ["PATCH", `/cost/pool-driver-values/${dv.id}/`, { value: 2 }],
      ["DELETE", `/cost/pool-driver-values/${dv.id}/`],
    ];
    for (const [method, path, payload] of calls) {
      const response = await w.stranger(method as "GET", path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    // Nothing of company A changed.
    expect((await expectStatus(w.analyst, "GET", `/cost/account-values/${value.id}/`, 200)).amount).toBe(1);
    expect((await expectStatus(w.analyst, "GET", `/cost/pools/${pool.id}/`, 200)).name).toBe("Secret pool");
  });
});
