import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { createTestDatabase } from "../src/test-database.ts";

// dimension_record_counts must stay exact for bulk loads that skip row checks with
// session_replication_role = replica (model import): the count triggers are ENABLE ALWAYS.
let client: DatabaseClient;
const q = async (text: string, values?: unknown[]) => (await client.executeSql(text, values ?? [])).rows;

beforeAll(async () => {
  client = await createTestDatabase();
});
afterAll(async () => {
  await client?.close();
});

describe("record counts", () => {
  it("count records inserted and deleted in replica mode", async () => {
    const [company] = await q("insert into companies (name) values ('Counts') returning id");
    const c = company!.id;
    const [model] = await q("insert into models (company_id, name) values ($1, 'M') returning id", [c]);
    const [scenario] = await q(
      "insert into scenarios (company_id, model_id, name, period_from, period_to) values ($1, $2, 'S', '2026-01-01', '2026-01-31') returning id",
      [c, model!.id],
    );
    const [dim] = await q(
      "insert into dimensions (company_id, model_id, code, name) values ($1, $2, 'CUST', 'Customers') returning id",
      [c, model!.id],
    );
    const s = scenario!.id;
    const d = dim!.id;
    // One multi-statement text: a single connection runs the whole transaction on PostgreSQL too.
    await client.executeSql(`begin;
      set local session_replication_role = replica;
      insert into dimension_records (company_id, scenario_id, dimension_id, identifier)
        select ${Number(c)}, ${Number(s)}, ${Number(d)}, 'C' || g from generate_series(1, 25) g;
      delete from dimension_records where scenario_id = ${Number(s)} and identifier in ('C1', 'C2');
      commit;`);
    const [row] = await q(
      "select records from dimension_record_counts where scenario_id = $1 and dimension_id = $2",
      [s, d],
    );
    expect(Number(row!.records)).toBe(23);
  });
});
