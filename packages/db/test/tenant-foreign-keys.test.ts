import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { createTestDatabase } from "../src/test-database.ts";

// Composite tenant foreign keys (company_id, x_id): deleting the target must null only x_id.
// A plain ON DELETE SET NULL would null company_id too and the delete would fail (migration 0005).
let client: DatabaseClient;
const q = async (text: string, values?: unknown[]) => (await client.executeSql(text, values ?? [])).rows;

beforeAll(async () => {
  client = await createTestDatabase();
});
afterAll(async () => {
  await client?.close();
});

describe("tenant foreign keys with SET NULL", () => {
  it("keeps company_id when a parent dimension or a parent P&L line is deleted", async () => {
    const [company] = await q("insert into companies (name) values ('Tenant FK') returning id");
    const companyId = company!.id;
    const [model] = await q("insert into models (company_id, name) values ($1, 'M') returning id", [
      companyId,
    ]);
    const modelId = model!.id;
    const [parent] = await q(
      "insert into dimensions (company_id, model_id, code, name) values ($1, $2, 'CUST', 'Customers') returning id",
      [companyId, modelId],
    );
    const [child] = await q(
      "insert into dimensions (company_id, model_id, code, name, parent_id) values ($1, $2, 'ORD', 'Orders', $3) returning id",
      [companyId, modelId, parent!.id],
    );
    const [agg] = await q(
      "insert into report_lines (company_id, model_id, code, category) values ($1, $2, 'CTS', 'AGG') returning id",
      [companyId, modelId],
    );
    const [line] = await q(
      "insert into report_lines (company_id, model_id, code, category, parent_id, dimension_id) values ($1, $2, 'X', 'DRI', $3, $4) returning id",
      [companyId, modelId, agg!.id, parent!.id],
    );

    await q("delete from report_lines where id = $1", [agg!.id]);
    await q("delete from dimensions where id = $1", [parent!.id]);

    const [childAfter] = await q("select company_id, parent_id from dimensions where id = $1", [child!.id]);
    expect(childAfter).toEqual({ company_id: companyId, parent_id: null });
    const [lineAfter] = await q(
      "select company_id, parent_id, dimension_id from report_lines where id = $1",
      [line!.id],
    );
    expect(lineAfter).toEqual({ company_id: companyId, parent_id: null, dimension_id: null });
  });
});
