import { copyOutBytes } from "@costflow/db/repositories/model-data/copy-text";
import { createTestDatabase } from "@costflow/db/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neutraliseCell } from "../../src/lib/spreadsheet-cells.ts";
import {
  Fields,
  numberOfDriverValue,
  pgFloat8,
  pnlLinesCsv,
  recordDriversCsv,
} from "../../src/modules/export-files/expanded-csv.ts";

// fact_pnl_line and dim_record_driver's CSV are expanded in the export thread from short rows
// (docs/exports.md, "BI template"). They must be byte for byte what PostgreSQL's own CSV of the
// same rows was: checked here against the database's statements (the ones the export used
// before), on PGlite and on PostgreSQL when DATABASE_URL is set, and on hand-written rows cut into
// pieces at every byte (a COPY piece ends anywhere, even inside a character).

const text = (bytes: Uint8Array[]) => Buffer.concat(bytes).toString("utf8");
async function collect(source: AsyncIterable<Uint8Array>): Promise<string> {
  const out: Uint8Array[] = [];
  for await (const piece of source) out.push(piece);
  return text(out);
}
/** `bytes` as pieces cut at `cuts`. */
async function* pieces(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(from, cut);
    from = cut;
  }
}
const whole = (s: string) => pieces(Buffer.from(s, "utf8"), []);

describe("fact_pnl_line from the report records", () => {
  const lines = [
    { index: 0, key: 11, code: "REV" },
    { index: 2, key: null, code: "a,b" },
    { index: 5, key: 13, code: "" },
  ];

  it("writes a row per record and line, the minor units in major units with the currency's decimals", async () => {
    const copy = "7\t{12345,1,-5,9}\n\\N\t{-120000,NULL,0}\n8\t{}\n";
    expect(await collect(pnlLinesCsv(whole(copy), 3, lines, 2))).toBe(
      [
        "7,3,11,REV,123.45", // 12345 cents
        '7,3,,"a,b",-0.05', // -5 cents: the point before the padded digits
        '7,3,13,"",0.00', // no sixth value: zero; an empty code is quoted (empty is not NULL)
        ",3,11,REV,-1200.00", // a record that is gone: an empty key
        ',3,,"a,b",0.00', // 0
        ',3,13,"",0.00',
        "8,3,11,REV,0.00", // no values at all
        '8,3,,"a,b",0.00',
        '8,3,13,"",0.00',
        "",
      ].join("\n"),
    );
    expect(await collect(pnlLinesCsv(whole("1\t{5,NULL,-7}\n"), 1, lines.slice(0, 2), 0))).toBe(
      '1,1,11,REV,5\n1,1,,"a,b",-7\n',
    );
    expect(await collect(pnlLinesCsv(whole("1\t{5,NULL,-7}\n"), 1, lines.slice(0, 2), 3))).toBe(
      '1,1,11,REV,0.005\n1,1,,"a,b",-0.007\n',
    );
  });

  it("gives the same bytes however the COPY text is cut", async () => {
    const copy = Buffer.from("7\t{12345,1,-5,9,0,44}\n\\N\t{-120000,NULL,0}\n81\t{1,2,3,4,5,6}\n", "utf8");
    const expected = await collect(pnlLinesCsv(pieces(copy, []), 3, lines, 2));
    for (let cut = 1; cut < copy.length; cut++) {
      expect(await collect(pnlLinesCsv(pieces(copy, [cut]), 3, lines, 2))).toBe(expected);
    }
    await expect(collect(pnlLinesCsv(whole("7\t{1,2"), 3, lines, 2))).rejects.toThrow(/inside a row/);
  });
});

describe("dim_record_driver from the records' fields", () => {
  it("reads jsonb's text: strings unescaped, numbers as stored, nested values as JSON, nulls skipped", () => {
    const fields = new Fields().read(
      '{"a": "x \\"q\\" \\\\ é", "b": 1.50, "c": null, "d": true, "e": {"k": [1, "}"]}, "f": -2e-7, "g": " 12 "}',
    );
    expect(fields.count).toBe(6);
    expect(fields.names.slice(0, 6)).toEqual(["a", "b", "d", "e", "f", "g"]);
    expect(fields.texts.slice(0, 6)).toEqual([
      'x "q" \\ é',
      "1.50",
      "true",
      '{"k": [1, "}"]}',
      "-2e-7",
      " 12 ",
    ]);
    expect(fields.numbers.slice(0, 6)).toEqual([null, 1.5, null, null, -2e-7, 12]);
    expect(new Fields().read("{}").count).toBe(0);
  });

  it("writes numbers as PostgreSQL's float8 does", () => {
    expect([0.0001, 1e-5, 123.45, -0, 0, 1e15, 999999999999999, 1.5e300, -2.5e-10].map(pgFloat8)).toEqual([
      "0.0001",
      "1e-05",
      "123.45",
      "-0",
      "0",
      "1e+15",
      "999999999999999",
      "1.5e+300",
      "-2.5e-10",
    ]);
    expect(numberOfDriverValue(" -1.5E+02 ")).toBe(-150);
    expect(numberOfDriverValue("1e100")).toBeNull();
  });

  it("neutralises formula-looking text and quotes as the database's CSV does, however the text is cut", async () => {
    // COPY text doubles the backslashes of jsonb's text.
    const copy = Buffer.from(
      '5\t{"=x": "=SUM(A1)", "n": "-12", "q": "a,\\\\"b\\\\"", "e": "", "z": null}\n6\t{}\n7\t\\N\n8\t{"é": "ü"}\n',
      "utf8",
    );
    const expected = ["5,'=x,'=SUM(A1),", "5,n,-12,-12", '5,q,"a,""b""",', '5,e,"",', "8,é,ü,", ""].join(
      "\n",
    );
    for (let cut = 0; cut < copy.length; cut++) {
      expect(await collect(recordDriversCsv(pieces(copy, cut ? [cut] : []), neutraliseCell))).toBe(expected);
    }
  });
});

describe("the expansions against the database's own CSV", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  }, 60_000);
  afterAll(async () => database?.close());
  const copy = (select: string, format: "text" | "csv") =>
    collect(copyOutBytes(select, { format }, database.db));

  it("dim_record_driver: the same bytes as jsonb_each", async () => {
    const values = [
      '{"calls": 16, "region": "West", "rate": 1.50, "big": 1e20, "tiny": 0.00001, "neg": -0.5}',
      '{"s": "  7.25 ", "t": "1e3", "u": "12e100", "v": "=1+1", "w": "+5", "x": "@home", "y": true, "z": null}',
      '{"nested": {"a": [1, 2, {"b": "c"}]}, "list": [], "quote": "say \\"hi\\"", "tab": "a\\tb", "nl": "a\\nb"}',
      '{"ünï": "çödé ✓", "empty": "", "comma": "a,b", "back": "a\\\\b", "minus": "-", "dot": ".5"}',
      "{}",
    ];
    const rows = values.map((v, i) => `(${i + 1}, '${v.replaceAll("'", "''")}'::jsonb)`).join(", ");
    const source = `(values ${rows}) r(id, fields)`;
    // The statement the export ran before the expansion (neutralisation and the number rule in SQL).
    const neutralised = (cell: string) => `case when left(${cell}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r')
        and ${cell} !~ '^[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?$' then '''' || ${cell} else ${cell} end`;
    const reference = await copy(
      `select r.id, ${neutralised("e.key")}, ${neutralised("v.t")},
        case jsonb_typeof(e.value) when 'number' then (e.value)::float8
          when 'string' then case when length(v.t) <= 200
            and v.t ~ '^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d{1,2})?\\s*$' then (v.t)::float8 end end
        from ${source} cross join lateral jsonb_each(r.fields) with ordinality e
          cross join lateral (select e.value #>> '{}' as t) v
        where jsonb_typeof(e.value) <> 'null' order by r.id, e.ordinality`,
      "csv",
    );
    const expanded = await collect(
      recordDriversCsv(
        copyOutBytes(`select id, fields from ${source}`, { format: "text" }, database.db),
        neutraliseCell,
      ),
    );
    // Within a record, jsonb's order of its keys (by length, then bytes), as jsonb_each gives them.
    expect(expanded).toBe(reference);
    expect(reference.split("\n").length).toBeGreaterThan(25);
  });

  it("fact_pnl_line: the same bytes as the cross join over the values arrays", async () => {
    const source = `(values (1, '{12345,-5,0,NULL,999999999999999}'::bigint[]), (null, '{-1,7}'::bigint[]),
      (3, '{}'::bigint[])) r(id, values)`;
    const lines = [
      { index: 0, key: 21, code: "REV" },
      { index: 1, key: null, code: "x,y" },
      { index: 3, key: 23, code: "NET" },
      { index: 4, key: 24, code: "'=A" },
    ];
    for (const digits of [0, 2, 3]) {
      const major = (expr: string) =>
        digits === 0 ? `${expr}::numeric` : `(${expr}::numeric * 0.${"0".repeat(digits - 1)}1)`;
      const list = lines.map(
        (l) => `(${l.index + 1}, ${l.key ?? "null"}::bigint, '${l.code.replaceAll("'", "''")}')`,
      );
      const reference = await copy(
        `select r.id, 9, l.k, l.c, ${major("coalesce(r.values[l.i], 0)")}
          from ${source} cross join (values ${list.join(", ")}) l(i, k, c) order by r.id nulls last, l.i`,
        "csv",
      );
      const expanded = await collect(
        pnlLinesCsv(
          copyOutBytes(
            `select id, values from ${source} order by id nulls last`,
            { format: "text" },
            database.db,
          ),
          9,
          lines,
          digits,
        ),
      );
      expect(expanded).toBe(reference);
    }
  });
});
