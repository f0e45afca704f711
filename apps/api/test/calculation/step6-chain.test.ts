import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixtureBundle } from "@costflow/engine/test-support/shared-fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createCompany, login, startTestApp, type TestApp } from "../helpers/test-app.ts";
import { allRows, type Call, importBundle, waitForRun } from "./helpers.ts";

// Chained step-6 pushes end to end (issue 11): the engine's distribution fixture plus a calculated
// driver `rebates` of CUSTOMERS pushed to ORDERS (EVEN), then from ORDERS to ORDER_LINES by a
// formula. Imported through POST models/import/, calculated through the queue, read through the
// step-6 result views. Figures derived by hand (cents):
//   rebates = visits*10+5: C1 125.00, C10 5.00 (visits missing = 0), C2 45.00
//   link 1, EVEN over each customer's orders: C1 -> O1 62.50, O2 62.50; C2 -> O3 45.00;
//     C10 has no orders: 5.00 stays (unallocated). in 175.00 = 170.00 + 5.00
//   link 2, weights quantity*price: O1 6250 over L1 40 : L2 15.5 -> 4504.50.., 1745.49..: floors
//     4504 + 1745, the missing cent to L1 -> L1 45.05, L2 17.45; O2 -> L3 62.50; O3 -> L4 45.00
const FIXTURE = fixtureBundle("distribution");
const HEADER = "calculated_driver,parent_dimension_code,child_dimension_code,split\n";

let t: TestApp;
let call: Call;
let access: string;
let dir: string;

function bundle(rules6: string): string {
  const out = join(dir, String(Math.random()).slice(2));
  cpSync(FIXTURE, out, { recursive: true });
  const drivers = join(out, "calculated_drivers.csv");
  writeFileSync(drivers, `${readFileSync(drivers, "utf8").trimEnd()}\nCUSTOMERS,rebates,=visits*10+5,true\n`);
  writeFileSync(join(out, "rules_step6.csv"), HEADER + rules6);
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "costflow-step6-"));
  t = await startTestApp();
  access = (await login(t.app, "admin@costflow.demo")).access;
  call = as(t.app, access);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("chained step-6 pushes through the API", () => {
  let scenario: number;

  beforeAll(async () => {
    const path = bundle(
      "freight_revenue,ORDERS,ORDER_LINES,DRIVER:quantity\n" +
        "rebates,ORDERS,ORDER_LINES,=quantity*price\n" +
        "rebates,CUSTOMERS,ORDERS,EVEN\n",
    );
    scenario = (await importBundle(t.app, access, path)).scenario;
    const response = await call("POST", "/calculation/calculate-all/", { scenario });
    expect(response.statusCode, response.body).toBe(201);
    const run = await waitForRun(call, scenario, response.json().calculation_id);
    expect(run.status).toBe("FINISHED");
  });

  it("imports the chain: both rules push the CUSTOMERS driver", async () => {
    const rules = await allRows<Record<string, unknown>>(
      call,
      `/allocation/calculated-driver-allocations/?scenario=${scenario}&ordering=id`,
    );
    const rebates = rules.filter((r) => r.source_driver_name === "rebates");
    expect(rebates.map((r) => [r.source_parent_name, r.destination_child_name, r.equation])).toEqual([
      ["Orders", "Order lines", "=quantity*price"],
      ["Customers", "Orders", "EVEN"],
    ]);
    expect(new Set(rebates.map((r) => r.source_driver)).size).toBe(1);
  });

  it("shows each link's rows in the parent-to-child, child-to-parent, list and unallocated views", async () => {
    const rows = (path: string) =>
      allRows<Record<string, string | number | null>>(call, `/calculation/${path}?scenario=${scenario}`);
    const pick = (r: Record<string, string | number | null>) => [
      r.source_parent_name,
      r.parent_transaction_id,
      r.transaction_id,
      r.amount,
    ];
    const down = (await rows("calculated-driver-results/get-parent-to-child-rows/")).filter(
      (r) => r.source_driver === "rebates",
    );
    expect(down.map(pick)).toEqual([
      ["Customers", "C1", "O1", 62.5],
      ["Customers", "C1", "O2", 62.5],
      ["Customers", "C2", "O3", 45],
      ["Orders", "O1", "L1", 45.05],
      ["Orders", "O1", "L2", 17.45],
      ["Orders", "O2", "L3", 62.5],
      ["Orders", "O3", "L4", 45],
    ]);
    const up = (await rows("calculated-driver-results/get-child-to-parent-rows/")).filter(
      (r) => r.source_driver === "rebates",
    );
    expect(up.map((r) => [r.source_parent_name, r.transaction_id, r.amount])).toEqual([
      ["Customers", "C1", 125],
      ["Customers", "C2", 45],
      ["Orders", "O1", 62.5],
      ["Orders", "O2", 62.5],
      ["Orders", "O3", 45],
    ]);
    const unallocated = (await rows("calculated-driver-results-unallocated/")).filter(
      (r) => r.source_driver === "rebates",
    );
    expect(unallocated.map((r) => [r.original_dimension_name, r.original_transaction_id, r.amount])).toEqual([
      ["Customers", "C10", 5],
    ]);
    // The list filtered by the driver and by the dimension of the second link.
    const driver = down[0]!.source as number;
    const lines = down.find((r) => r.transaction_id === "L1")!.dimension as number;
    const list = await allRows<Record<string, unknown>>(
      call,
      `/calculation/calculated-driver-results/?scenario=${scenario}&category=ALLOCATED&source_driver=${driver}&dimension=${lines}`,
    );
    expect(list.map((r) => [r.transaction_id, r.amount])).toEqual([
      ["L1", 45.05],
      ["L2", 17.45],
      ["L3", 62.5],
      ["L4", 45],
    ]);
  });

  it("conserves step 6 per push (in counts what entered each push)", async () => {
    const report = (await call("GET", `/calculation/validation-report/?scenario=${scenario}`)).json();
    const step6 = report.steps.find((s: { step: number }) => s.step === 6);
    // freight_revenue: O1 12.50 + O3 7.00 + O5 3.00 = 22.50 in; O5 has no lines (3.00 stays).
    // rebates: 175.00 + 170.00 in; 5.00 stays on C10.
    expect(step6).toMatchObject({ in: 367.5, allocated: 359.5, unallocated: 8, not_allocated: 0, ok: true });
  });
});

describe("a step-6 push its driver never reaches", () => {
  it("is refused on import, naming the rule", async () => {
    const path = bundle("rebates,ORDERS,ORDER_LINES,=quantity*price\n");
    const boundary = "----costflowstep6";
    const { zipFolder } = await import("./helpers.ts");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/models/import/",
      headers: {
        authorization: `Bearer ${access}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bundle.zip"\r\nContent-Type: application/zip\r\n\r\n`,
        ),
        Buffer.from(zipFolder(path)),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("rules_step6.csv");
    expect(response.body).toContain("rebates ORDERS -> ORDER_LINES");
  });

  it("ends a calculation in ERROR naming the rule when its first link was deleted", async () => {
    const path = bundle("rebates,ORDERS,ORDER_LINES,=quantity*price\nrebates,CUSTOMERS,ORDERS,EVEN\n");
    const scenario = (await importBundle(t.app, access, path)).scenario;
    const rules = await allRows<Record<string, unknown>>(
      call,
      `/allocation/calculated-driver-allocations/?scenario=${scenario}`,
    );
    const first = rules.find((r) => r.source_parent_name === "Customers")!;
    expect((await call("DELETE", `/allocation/calculated-driver-allocations/${first.id}`)).statusCode).toBe(
      204,
    );
    const response = await call("POST", "/calculation/calculate-all/", { scenario });
    const id = response.json().calculation_id;
    expect((await waitForRun(call, scenario, id)).status).toBe("ERROR");
    const logs = await allRows<{ detail: string }>(call, `/calculation/logs/?calculation=${id}`);
    expect(logs.map((l) => l.detail).join("\n")).toContain("Step 6 rule rebates: ORDERS -> ORDER_LINES");
  });

  it("company B gets 404 on company A's step-6 sources and results", async () => {
    await createCompany(t.database, "Company B", "admin@b.test");
    const b = as(t.app, (await login(t.app, "admin@b.test")).access);
    const scenario = (await importBundle(t.app, access, bundle("rebates,CUSTOMERS,ORDERS,EVEN\n"))).scenario;
    const [rule] = await allRows<{ source_parent: number }>(
      call,
      `/allocation/calculated-driver-allocations/?scenario=${scenario}`,
    );
    const sources = `/allocation/calculated-driver-allocations/sources/?scenario=${scenario}&parent=${rule!.source_parent}`;
    expect((await call("GET", sources)).statusCode).toBe(200);
    expect((await b("GET", sources)).statusCode).toBe(404);
    expect((await b("GET", `/calculation/calculated-driver-results/?scenario=${scenario}`)).statusCode).toBe(
      404,
    );
  });
});
