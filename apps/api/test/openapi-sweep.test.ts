import { fileURLToPath } from "node:url";
import { ERROR_STATUS } from "@costflow/contract/errors";
import { companiesRepository } from "@costflow/db/repositories/companies";
import { modelsRepository } from "@costflow/db/repositories/models";
import { DEMO_COMPANY } from "@costflow/db/seed";
import type { FastifyInstance, FastifyRequest, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toAppError } from "../src/plugins/error-handler.ts";
import { importBundle, waitForRun } from "./calculation/helpers.ts";
import { API, as, bearer, login, startTestApp, type TestApp } from "./helpers/test-app.ts";
import { type FilePart, multipartBody } from "./uploads/upload-helpers.ts";

// A hostile client's sweep of the whole API (docs/api-contract.md, "Malformed input"): every
// operation of the app's own OpenAPI document gets ids that cannot exist (2^31 and 2^53-1, past
// the 32-bit id columns), a NUL byte in each string field and query parameter, an empty `{}`
// body and a text/plain body, as the administrator of a company with a calculated model (and
// without a token for the public routes). No answer may be a 5xx; the refusals must be the
// documented ones (404 for a path id that cannot exist, 400 naming the field, 415 for text).

type Schema = Record<string, unknown> & {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
};
interface Parameter {
  in: "path" | "query" | "header";
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** A small model with records, rules of every step and a calculated driver (copied from the acceptance bundles). */
const BUNDLE = fileURLToPath(new URL("./fixtures/bundles/tdabc-customer-service/", import.meta.url));
const ID_PAST_INT4 = 2 ** 31; // the first id a 32-bit column cannot hold
const HUGE_IDS = [ID_PAST_INT4, Number.MAX_SAFE_INTEGER];
const NUL = "a\u0000b";
/** Operations swept at once. */
const SWEEP_CONCURRENCY = 4;
/** base64url of "3000000000": a reset/validation link whose user id cannot exist. */
const HUGE_UID = Buffer.from("3000000000").toString("base64url");

type Path = (string | number)[];
interface Probe {
  operation: string;
  variant: string;
  request: InjectOptions;
  /** The statuses the variant must get (any non-5xx when absent). */
  expect?: number[];
  /** The field the 400 must name. */
  field?: string;
}
interface Answer {
  probe: Probe;
  response: LightMyRequestResponse;
}

let t: TestApp;
let app: FastifyInstance;
let access: string;
let doc: OpenApi;
let model: number;
let scenario: number;

beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
  access = (await login(app, "admin@costflow.demo")).access;
  ({ model, scenario } = await importBundle(app, access, BUNDLE));
  const call = as(app, access);
  const run = await call("POST", "/calculation/calculate-all/", { scenario });
  expect(run.statusCode, run.body).toBe(201);
  expect((await waitForRun(call, scenario, run.json().calculation_id)).status).toBe("FINISHED");
  doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json();
}, 300_000);
afterAll(async () => t?.close());

function resolve(schema: Schema): Schema {
  let s = schema;
  while (s.$ref) s = doc.components.schemas[s.$ref.split("/").pop()!]!;
  if (s.allOf) return Object.assign({}, ...s.allOf.map(resolve));
  const options = s.anyOf ?? s.oneOf;
  if (options) return resolve(options.find((o) => resolve(o).type !== "null") ?? options[0]!);
  return s;
}

/** A valid-looking value of `schema`; `all` includes optional properties too. */
function sample(schema: Schema, name: string, all: boolean): unknown {
  const s = resolve(schema);
  if (s.enum) return s.enum[0];
  if ("const" in s) return s.const;
  switch (s.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        if (all || s.required?.includes(key)) out[key] = sample(property, key, all);
      }
      return out;
    }
    case "array":
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => sample(s.items ?? {}, name, all));
    case "string":
      if (s.format === "email") return "sweep@example.com";
      if (s.format === "date") return "2024-01-31";
      if (s.format === "date-time") return "2024-01-31T00:00:00Z";
      return "sweep".padEnd(s.minLength ?? 0, "x");
    case "integer":
      if (name === "model") return model;
      if (name === "scenario" || name === "scenario_id") return scenario;
      return Math.max(1, (s.minimum ?? 0) + 1);
    case "number":
      return 1;
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** The paths to every string and integer slot of `schema` (arrays through their first item). */
function slots(schema: Schema, at: Path = [], depth = 0): { strings: Path[]; integers: Path[] } {
  const s = resolve(schema);
  const out = { strings: [] as Path[], integers: [] as Path[] };
  if (depth > 4) return out;
  const add = (inner: { strings: Path[]; integers: Path[] }) => {
    out.strings.push(...inner.strings);
    out.integers.push(...inner.integers);
  };
  if (s.type === "object") {
    for (const [key, property] of Object.entries(s.properties ?? {}))
      add(slots(property, [...at, key], depth + 1));
  } else if (s.type === "array" && s.items) add(slots(s.items, [...at, 0], depth + 1));
  else if (s.type === "string" && at.length > 0) out.strings.push(at);
  else if (s.type === "integer" && at.length > 0) out.integers.push(at);
  return out;
}

/** `base` with `value` at `path`; missing containers are taken from the full sample. */
function withValue(base: unknown, full: unknown, path: Path, value: unknown): unknown {
  const root = structuredClone(base) as Record<string | number, unknown>;
  let node = root;
  let fullNode = full as Record<string | number, unknown>;
  path.forEach((key, i) => {
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    fullNode = (fullNode?.[key] ?? {}) as Record<string | number, unknown>;
    if (node[key] === undefined || node[key] === null) node[key] = structuredClone(fullNode);
    node = node[key] as Record<string | number, unknown>;
  });
  return root;
}

const realIds = new Map<string, number>();
/** An existing id for `{id}` of `template` (the first row of the list it belongs to), else 1. */
async function realId(template: string): Promise<number> {
  const list = template.slice(0, template.indexOf("/{"));
  if (/\/scenarios?$/.test(list)) return scenario;
  if (realIds.has(list)) return realIds.get(list)!;
  const response = await app.inject({
    method: "GET",
    url: `${list}/?model=${model}&scenario=${scenario}&limit=1`,
    headers: bearer(access),
  });
  const first = response.statusCode === 200 ? response.json().results?.[0]?.id : undefined;
  const id = typeof first === "number" ? first : 1;
  realIds.set(list, id);
  return id;
}

/** Every probe of one operation. */
async function probesOf(template: string, method: string, op: Operation): Promise<Probe[]> {
  const operation = `${method.toUpperCase()} ${template.slice(API.length)}`;
  const isPublic = !op.security;
  const headers = isPublic ? {} : bearer(access);
  const pathParams = (op.parameters ?? []).filter((p) => p.in === "path");
  const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
  const values: Record<string, string | number> = {};
  for (const p of pathParams) {
    const s = resolve(p.schema);
    values[p.name] =
      s.type === "integer"
        ? p.name === "id"
          ? await realId(template)
          : p.name === "scenario"
            ? scenario
            : 1
        : String(s.enum?.[0] ?? "sweep");
  }
  const url = (overrides: Record<string, string | number> = {}, query: Record<string, unknown> = {}) => {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(String(overrides[name] ?? values[name])),
    );
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) search.set(key, String(value));
    const qs = search.toString();
    return qs ? `${path}/?${qs}` : `${path}/`;
  };
  const baseQuery: Record<string, unknown> = {};
  for (const p of queryParams) {
    if (p.required) baseQuery[p.name] = sample(p.schema, p.name, false);
  }
  const jsonSchema = op.requestBody?.content["application/json"]?.schema;
  const base = jsonSchema ? sample(jsonSchema, "body", false) : undefined;
  const full = jsonSchema ? sample(jsonSchema, "body", true) : undefined;
  const probes: Probe[] = [];
  const add = (variant: string, request: Omit<InjectOptions, "method">, more: Partial<Probe> = {}) =>
    probes.push({
      operation,
      variant,
      request: { method: method.toUpperCase() as InjectOptions["method"], headers, ...request },
      ...more,
    });
  const payload = base === undefined ? {} : { payload: base as InjectOptions["payload"] };

  for (const p of pathParams) {
    if (resolve(p.schema).type !== "integer") continue;
    for (const huge of HUGE_IDS) {
      add(
        `path ${p.name}=${huge}`,
        { url: url({ [p.name]: huge }, baseQuery), ...payload },
        { expect: [404] },
      );
    }
  }
  for (const p of queryParams) {
    const s = resolve(p.schema);
    if (s.type === "integer") {
      add(`query ${p.name}=2^31`, { url: url({}, { ...baseQuery, [p.name]: ID_PAST_INT4 }), ...payload });
    } else if (s.type === "string") {
      add(
        `query ${p.name} NUL`,
        { url: url({}, { ...baseQuery, [p.name]: NUL }), ...payload },
        { expect: [400], field: p.name },
      );
    }
  }
  if (!queryParams.some((p) => p.name === "search") && method === "get") {
    add("query search NUL", { url: url({}, { ...baseQuery, search: NUL }) });
  }
  if (jsonSchema) {
    const { strings, integers } = slots(jsonSchema);
    for (const path of strings) {
      add(
        `body ${path.join(".")} NUL`,
        { url: url({}, baseQuery), payload: withValue(base, full, path, NUL) as InjectOptions["payload"] },
        { expect: [400], field: path.join(".") },
      );
      if (path[path.length - 1] === "uid") {
        // A link naming a user id no 32-bit column holds is a bad link (400 token/invalid_token).
        add(
          `body ${path.join(".")} decodes to 3000000000`,
          {
            url: url({}, baseQuery),
            payload: withValue(base, full, path, HUGE_UID) as InjectOptions["payload"],
          },
          { expect: [400], field: "token" },
        );
      }
    }
    for (const path of integers) {
      add(
        `body ${path.join(".")}=2^31`,
        {
          url: url({}, baseQuery),
          payload: withValue(base, full, path, ID_PAST_INT4) as InjectOptions["payload"],
        },
        { expect: [400, 404] },
      );
    }
  }
  const multipart = (
    variant: string,
    fields: Record<string, string | number>,
    file: FilePart,
    field: string,
  ) => {
    const body = multipartBody(fields, file);
    add(
      variant,
      { url: url({}, baseQuery), headers: { ...headers, ...body.headers }, payload: body.payload },
      { expect: [400, 404, 415], field },
    );
  };
  if (operation === "POST /uploads") {
    const fields = { scenario, kind: "ACCOUNTS", mode: "MERGE" };
    const file = { name: "accounts.csv", content: "account_code,name,expense_group\nA,B,C\n" };
    multipart("form scenario=2^31", { ...fields, scenario: ID_PAST_INT4 }, file, "scenario");
    multipart(
      "form dimension=2^31",
      { ...fields, kind: "RECORDS", dimension: ID_PAST_INT4 },
      file,
      "dimension",
    );
    multipart("form kind NUL", { ...fields, kind: NUL }, file, "kind");
    multipart("file name NUL", fields, { ...file, name: `${NUL}.csv` }, "file");
  }
  if (operation === "POST /models/import") {
    multipart("file name NUL", {}, { name: `${NUL}.zip`, content: "PK" }, "file");
  }
  if (["post", "put", "patch"].includes(method)) {
    add("empty body {}", { url: url({}, baseQuery), payload: {} });
    add(
      "text/plain body",
      { url: url({}, baseQuery), headers: { ...headers, "content-type": "text/plain" }, payload: "sweep" },
      { expect: [415] },
    );
  }
  return probes;
}

/** Operations that end the session or the data the rest of the sweep needs go last. */
function rank(method: string, template: string): number {
  if (/\/auth\/(jwt\/logout|users\/set_password)/.test(template)) return 3;
  if (method === "delete") return /\/models?\/|scenarios/.test(template) ? 2 : 1;
  return 0;
}

describe("OpenAPI sweep: no operation answers 5xx to malformed input", () => {
  it("refuses every variant with a 4xx, as documented", async () => {
    const operations = Object.entries(doc.paths)
      .filter(([template]) => template.startsWith(API))
      .flatMap(([template, methods]) =>
        Object.entries(methods).map(([method, op]) => ({ template, method, op })),
      )
      .sort((a, b) => rank(a.method, a.template) - rank(b.method, b.template));
    expect(operations.length).toBeGreaterThan(200);

    const answers: Answer[] = [];
    const started = Date.now();
    // Operations of one rank run a few at a time (PostgreSQL serves them in parallel); the ranks
    // one after the other, so deletes and session ends come last.
    for (const r of [0, 1, 2, 3]) {
      const queue = operations.filter((o) => rank(o.method, o.template) === r);
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          for (const probe of await probesOf(next.template, next.method, next.op)) {
            answers.push({ probe, response: await app.inject(probe.request) });
          }
        }
      };
      await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
    }
    const elapsed = Date.now() - started;
    const line = ({ probe, response }: Answer) =>
      `${probe.operation} [${probe.variant}] → ${response.statusCode} ${response.body.slice(0, 160)}`;
    const serverErrors = answers.filter((a) => a.response.statusCode >= 500);
    const wrong = answers.filter(
      ({ probe, response }) =>
        response.statusCode < 500 &&
        ((probe.expect && !probe.expect.includes(response.statusCode)) ||
          (probe.field &&
            response.statusCode === 400 &&
            !response.json().errors?.some((e: { field: string }) => e.field === probe.field))),
    );
    console.info(
      `OpenAPI sweep: ${operations.length} operations, ${answers.length} requests, ` +
        `${serverErrors.length} answered 5xx, ${wrong.length} other than documented, ${elapsed} ms`,
    );
    expect(serverErrors.map(line)).toEqual([]);
    expect(wrong.map(line)).toEqual([]);
  }, 300_000);
});

describe("the refusals name the field and the reason", () => {
  const call = (method: InjectOptions["method"], path: string, payload?: unknown, more: object = {}) =>
    app.inject({
      method,
      url: `${API}${path}`,
      headers: { ...bearer(access), "accept-language": "es" },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
      ...more,
    });
  const errorsOf = (response: LightMyRequestResponse) =>
    (response.json().errors as { field: string; reason: string }[]).map((e) => [e.field, e.reason]);

  it("a path id no 32-bit column holds is a 404 like any missing id", async () => {
    for (const id of [2147483647, 2147483648, Number.MAX_SAFE_INTEGER]) {
      const response = await call("GET", `/models/${id}/`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
    expect(errorsOf(await call("GET", "/models/2147483648/"))).toEqual([["id", "not_found"]]);
  });

  it("an id past 2^31 in a query or body is a 400 too_big naming it", async () => {
    const query = await call("GET", `/model/scenarios/?model=${ID_PAST_INT4}`);
    expect(query.statusCode).toBe(400);
    expect(errorsOf(query)).toEqual([["model", "too_big"]]);
    const body = await call("POST", "/model/scenarios/", { model: ID_PAST_INT4, name: "x" });
    expect(body.statusCode).toBe(400);
    expect(errorsOf(body)).toEqual([["model", "too_big"]]);
  });

  it("a NUL in text is a 400 invalid_character, translated", async () => {
    const search = await call("GET", `/models/?search=${encodeURIComponent(NUL)}`);
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([
      {
        field: "search",
        reason: "invalid_character",
        message: "este texto contiene un carácter no permitido (NUL)",
      },
    ]);
    const name = await call("PATCH", `/models/${model}/`, { name: NUL });
    expect(errorsOf(name)).toEqual([["name", "invalid_character"]]);
    const open = await app.inject({
      method: "POST",
      url: `${API}/auth/users/`,
      payload: {
        first_name: NUL,
        last_name: "x",
        email: "nul@example.com",
        password: "long enough",
        company_name: "Nul Co",
      },
    });
    expect(open.statusCode).toBe(400);
    expect(errorsOf(open)).toEqual([["first_name", "invalid_character"]]);
  });

  it("an empty PATCH of a dimension driver changes nothing", async () => {
    const dimension = (await call("GET", `/dimensions/?model=${model}`)).json().results[0].id;
    const driver = (await call("GET", `/dimension/drivers/?dimension=${dimension}`)).json().results[0];
    for (const method of ["PATCH", "PUT"] as const) {
      const response = await call(method, `/dimension/drivers/${driver.id}/`, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(driver);
    }
  });

  it("a text/plain body is a 415 naming content-type", async () => {
    const response = await call("POST", "/models/", "name=x", {
      headers: { ...bearer(access), "content-type": "text/plain" },
    });
    expect(response.statusCode).toBe(415);
    expect(errorsOf(response)).toEqual([["content-type", "unsupported_media_type"]]);
  });

  it("a link whose uid decodes to 3000000000 is a bad link", async () => {
    for (const [path, extra] of [
      ["/auth/users/reset_password_confirm/", { new_password: "long enough" }],
      ["/company/validate/", {}],
    ] as const) {
      const response = await app.inject({
        method: "POST",
        url: `${API}${path}`,
        payload: { uid: HUGE_UID, token: "x".repeat(43), ...extra },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(errorsOf(response)).toEqual([["token", "invalid_token"]]);
    }
  });
});

describe("last resort: a database data exception is a 400, not a 500", () => {
  // What a schema might miss, raised by the real database (PGlite, or PostgreSQL with
  // DATABASE_URL), through the error handler's mapping.
  const refused = async (query: Promise<unknown>, body: unknown) => {
    const error = await query.then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error, "the database refuses the value").toBeInstanceOf(Error);
    const request = { body, headers: {} } as unknown as FastifyRequest;
    const appError = toAppError(error as Error, request, 1024);
    return { status: ERROR_STATUS[appError.code], fields: appError.fields };
  };

  it("maps a NUL in text and an integer past its column to 400 naming the request part", async () => {
    const companies = companiesRepository(t.database.db);
    expect(await refused(companies.findByName(NUL), { company_name: NUL })).toEqual({
      status: 400,
      fields: [{ field: "body", reason: "invalid_character" }],
    });
    const companyId = (await companies.findByName(DEMO_COMPANY.name))!.id;
    expect(
      await refused(modelsRepository(t.database.db).findModel(companyId, ID_PAST_INT4), undefined),
    ).toEqual({
      status: 400,
      fields: [{ field: "query", reason: "out_of_range" }],
    });
  });
});
