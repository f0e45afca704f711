import { expect } from "vitest";
import {
  as,
  createCompany,
  createMember,
  demoCompanyId,
  login,
  startTestApp,
  type TestApp,
} from "../helpers/test-app.ts";

export type Call = ReturnType<typeof as>;

/** The app with the demo analyst, a viewer of the demo company and the administrator of company B. */
export interface DataWorld {
  t: TestApp;
  analyst: Call;
  viewer: Call;
  /** Company B's administrator: every id of the demo company must look missing to them. */
  stranger: Call;
}

export async function startDataWorld(): Promise<DataWorld> {
  const t = await startTestApp();
  const demo = await demoCompanyId(t.database);
  await createMember(t.database, {
    email: "viewer@costflow.demo",
    role: "client",
    groupName: "Viewers",
    companyId: demo,
  });
  await createCompany(t.database, "Company B", "admin@b.test");
  return {
    t,
    analyst: as(t.app, (await login(t.app, "client@costflow.demo")).access),
    viewer: as(t.app, (await login(t.app, "viewer@costflow.demo")).access),
    stranger: as(t.app, (await login(t.app, "admin@b.test")).access),
  };
}

/** Calls `path` and expects `status`; answers the JSON body (undefined for an empty one). */
export async function expectStatus(
  call: Call,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  status: number,
  payload?: unknown,
) {
  const response = await call(method, path, payload);
  expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(status);
  return response.body ? response.json() : undefined;
}

/** A fresh model with one scenario. */
export async function modelWithScenario(call: Call, name: string) {
  const model = await expectStatus(call, "POST", "/models/", 201, { name });
  const scenario = await expectStatus(call, "POST", "/model/scenarios/", 201, {
    model: model.id,
    name: `${name} S1`,
  });
  return { model: model.id as number, scenario: scenario.id as number };
}

/** The field errors of a 4xx body as [field, reason] pairs. */
export function fieldErrors(body: { errors: { field: string; reason: string }[] }) {
  return body.errors.map((e) => [e.field, e.reason]);
}

/** The first row of a raw SQL query (tests set up rows other modules' APIs would write). */
export async function firstRow<T>(world: DataWorld, text: string, values: unknown[] = []): Promise<T> {
  const [row] = (await world.t.database.executeSql(text, values)).rows as T[];
  expect(row, text).toBeDefined();
  return row!;
}
