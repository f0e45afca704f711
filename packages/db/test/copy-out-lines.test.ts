import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { copyOutLines, decodeCopyField, forEachCopyRow } from "../src/repositories/model-data/copy-text.ts";
import { createTestDatabase } from "../src/test-database.ts";

// copyOutLines (the BI export's reads): the COPY text of a query in pieces that end at row ends,
// pulled by the consumer; a consumer that stops early leaves the database usable; hashJoins plans
// the join of two tables without statistics as a hash join and returns the same rows.

let database: DatabaseClient;
const ROWS = 50_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.executeSql(`create table copy_out_a (id integer primary key, label text);
    create table copy_out_b (id integer primary key, a_label text);
    create index copy_out_b_label on copy_out_b (a_label);
    insert into copy_out_a select n, 'label ' || n || case when n % 1000 = 0 then E'\\ttab' else '' end
      from generate_series(1, ${ROWS}) n;
    insert into copy_out_b select n, 'label ' || n || case when n % 1000 = 0 then E'\\ttab' else '' end
      from generate_series(1, ${ROWS}) n;`);
});
afterAll(async () => database?.close());

async function readAll(select: string, options?: { hashJoins?: boolean }) {
  const rows: string[][] = [];
  let pieces = 0;
  for await (const text of copyOutLines(select, options ?? {}, database.db)) {
    pieces++;
    expect(text.endsWith("\n")).toBe(true);
    forEachCopyRow(text, (fields) => rows.push(fields.map((f) => decodeCopyField(f) ?? "")));
  }
  return { rows, pieces };
}

describe("copyOutLines", () => {
  it("gives every row once, in whole lines, with tabs inside a field decoded", async () => {
    const { rows } = await readAll("select id, label from copy_out_a order by id");
    expect(rows).toHaveLength(ROWS);
    expect(rows[0]).toEqual(["1", "label 1"]);
    expect(rows[999]).toEqual(["1000", "label 1000\ttab"]);
    expect(rows[ROWS - 2]).toEqual([String(ROWS - 1), `label ${ROWS - 1}`]);
  });

  it("leaves the database usable when the consumer stops after the first piece", async () => {
    for (let i = 0; i < 6; i++) {
      for await (const text of copyOutLines(
        "select id, label from copy_out_a order by id",
        {},
        database.db,
      )) {
        expect(text.length).toBeGreaterThan(0);
        break;
      }
    }
    const { rows } = await database.executeSql("select count(*)::int as n from copy_out_a");
    expect(rows[0]).toEqual({ n: ROWS });
  });

  it("joins with hashJoins the same rows as without", async () => {
    const join = `select a.id, b.id from copy_out_a a left join copy_out_b b on b.a_label = a.label
      where a.id % 7 = 0 order by a.id`;
    const plain = await readAll(join);
    const hashed = await readAll(join, { hashJoins: true });
    expect(hashed.rows).toEqual(plain.rows);
    expect(hashed.rows).toHaveLength(Math.floor(ROWS / 7));
    expect(hashed.rows.every(([a, b]) => a === b)).toBe(true);
    // The setting was local to the statement.
    const { rows } = await database.executeSql("show enable_nestloop");
    expect(rows[0]).toEqual({ enable_nestloop: "on" });
  });
});
