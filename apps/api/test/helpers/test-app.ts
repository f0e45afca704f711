import type { TokenPair } from "@costflow/contract/auth";
import type { DatabaseClient } from "@costflow/db/client";
import { companiesRepository } from "@costflow/db/repositories/companies";
import { usersRepository } from "@costflow/db/repositories/users";
import { DEMO_COMPANY, DEMO_PASSWORD, seedDemo } from "@costflow/db/seed";
import { createTestDatabase } from "@costflow/db/test-database";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Config } from "../../src/config.ts";
import { hashPassword } from "../../src/lib/passwords.ts";

export const API = "/api/v1";
export const APP_URL = "http://app.test";

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseClient;
  /** A second app on the same database (e.g. with other limits); closed with this one. */
  another(config?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The real application on a fresh, seeded database of its own (PGlite in memory, or a
 * `t_<random>` schema when DATABASE_URL is set). Auth rate limits are high unless a test lowers them.
 */
export async function startTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedDemo(database.db, { hashPassword });
  const base: Partial<Config> = {
    webDist: null,
    appUrl: APP_URL,
    authRateLimit: { max: 1000, windowMs: 60_000 },
    smtpUrl: undefined,
    jwtSecret: undefined,
    ...config,
  };
  const apps: FastifyInstance[] = [];
  const open = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({ database, logger: false, config: { ...base, ...overrides } });
    apps.push(app);
    return app;
  };
  const app = await open();
  return {
    app,
    database,
    another: open,
    close: async () => {
      for (const a of apps) await a.close();
      await database.close();
    },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
): Promise<TokenPair> {
  const response = await app.inject({
    method: "POST",
    url: `${API}/auth/jwt/create`,
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Calls the API as the holder of `access`. */
export function as(app: FastifyInstance, access: string) {
  return (
    method: InjectOptions["method"],
    path: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `${API}${path}`,
      headers: bearer(access),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions["payload"] }),
    });
}

export async function demoCompanyId(database: DatabaseClient): Promise<number> {
  return (await companiesRepository(database.db).findByName(DEMO_COMPANY.name))!.id;
}

/**
 * A user with a membership, written through the repositories (registration only makes admins;
 * clients of a given group are what the permission tests need).
 */
export async function createMember(
  database: DatabaseClient,
  member: { email: string; role: "admin" | "client"; groupName: string; companyId: number },
): Promise<number> {
  const user = await usersRepository(database.db).create(
    {
      email: member.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role: member.role,
      firstName: "Test",
    },
    { selectedCompanyId: member.companyId },
  );
  await companiesRepository(database.db).addMembership({
    companyId: member.companyId,
    userId: user!.id,
    groupName: member.groupName,
    licenseType: "Professional",
  });
  return user!.id;
}

/** A second, validated company with its administrator (role admin, group Administrators). */
export async function createCompany(database: DatabaseClient, name: string, adminEmail: string) {
  const company = await companiesRepository(database.db).create({ name, status: "VALIDATED" });
  const adminId = await createMember(database, {
    email: adminEmail,
    role: "admin",
    groupName: "Administrators",
    companyId: company!.id,
  });
  return { companyId: company!.id, adminId };
}

/** Waits until `check` passes (for work done by the job queue), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
