import type { DatabaseClient } from "@costflow/db/client";
import { DEMO_PASSWORD, DEMO_USERS } from "@costflow/db/seed";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.ts";

/** The demo administrator logged in on an app of this process: bearer headers and a GET of the API. */
export async function demoAdminSession(app: FastifyInstance) {
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/jwt/create",
    payload: { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`demo login: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().access}` };
  const get = (url: string) => app.inject({ method: "GET", url: `/api/v1${url}`, headers });
  return { headers, get };
}

/**
 * The app of a benchmark on `database` (seeded already; workers running, no web build, auth's rate
 * limit out of the way), with the demo administrator's session, a POST beside its GET and `/me`.
 */
export async function benchSession(database: DatabaseClient) {
  const app = await buildApp({
    database,
    logger: { level: "error" },
    config: { webDist: null, authRateLimit: { max: 100_000, windowMs: 60_000 } },
  });
  const { headers, get } = await demoAdminSession(app);
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: `/api/v1${url}`, headers, payload });
  const me = (await get("/auth/users/me/")).json();
  return { app, headers, get, post, me };
}

/**
 * The newest scenario with a finished calculate-all, and its model: what a benchmark given a kept
 * schema (`bench-calculate.ts --keep`) works on instead of a fresh calculation.
 */
export async function latestCalculatedScenario(
  get: (url: string) => Promise<{ json: () => { results?: unknown[] } }>,
): Promise<{ scenario: number; model: number }> {
  const scenarios = ((await get("/model/scenarios/?limit=100")).json().results ?? []) as {
    id: number;
    model: number;
  }[];
  for (const { id, model } of scenarios.sort((a, b) => b.id - a.id)) {
    const row = (await get(`/calculation/calculations/?scenario=${id}&category=ALL&limit=1`)).json()
      .results?.[0] as { status: string } | undefined;
    if (row?.status === "FINISHED") return { scenario: id, model };
  }
  throw new Error("no finished calculate-all in this schema");
}
