import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { companiesRepository } from "../src/repositories/companies.ts";
import { modelsRepository } from "../src/repositories/models.ts";
import { notificationsRepository } from "../src/repositories/notifications.ts";
import { usersRepository } from "../src/repositories/users.ts";
import { createTestDatabase } from "../src/test-database.ts";

let client: DatabaseClient;
let companyA: number;
let companyB: number;
let userA: number;
let userB: number;

beforeAll(async () => {
  client = await createTestDatabase();
  const companies = companiesRepository(client.db);
  const users = usersRepository(client.db);
  companyA = (await companies.create({ name: "Alpha" }))!.id;
  companyB = (await companies.create({ name: "Beta" }))!.id;
  userA = (await users.create({ email: "a@alpha.test", passwordHash: "x" }))!.id;
  userB = (await users.create({ email: "b@beta.test", passwordHash: "x" }))!.id;
});
afterAll(async () => {
  await client?.close();
});

describe("companies", () => {
  it("refuses a second company of the same name in any letter case", async () => {
    expect(await companiesRepository(client.db).create({ name: "ALPHA" })).toBeUndefined();
    expect((await companiesRepository(client.db).findByName("alpha"))?.id).toBe(companyA);
  });
});

describe("models and scenarios are owned by one company", () => {
  it("never shows, changes or deletes another company's rows", async () => {
    const repo = modelsRepository(client.db);
    const model = await repo.createModel(companyA, {
      name: "Costs 2025",
      shortDescription: "",
      authorId: userA,
    });
    const scenario = await repo.createScenario(companyA, {
      modelId: model.id,
      name: "Base",
      periodFrom: "2025-01-01",
      periodTo: "2025-01-31",
    });

    expect(await repo.findModel(companyB, model.id)).toBeUndefined();
    expect(await repo.findScenario(companyB, scenario.id)).toBeUndefined();
    expect((await repo.listModels(companyB, {}, { limit: 10, offset: 0 })).count).toBe(0);
    expect(await repo.updateModel(companyB, model.id, { name: "stolen" })).toBeUndefined();
    expect(await repo.deleteScenario(companyB, scenario.id)).toBe(false);
    expect(await repo.deleteModel(companyB, model.id)).toBe(false);

    expect((await repo.findModel(companyA, model.id))?.name).toBe("Costs 2025");
    expect((await repo.findScenario(companyA, scenario.id))?.modelName).toBe("Costs 2025");
  });

  it("cannot attach a scenario to another company's model, even by writing the ids directly", async () => {
    const repo = modelsRepository(client.db);
    const model = await repo.createModel(companyA, { name: "A only", shortDescription: "", authorId: userA });
    await expect(
      repo.createScenario(companyB, {
        modelId: model.id,
        name: "x",
        periodFrom: "2025-01-01",
        periodTo: "2025-01-02",
      }),
    ).rejects.toThrow();
  });

  it("refuses a period that ends before it starts", async () => {
    const repo = modelsRepository(client.db);
    const model = await repo.createModel(companyA, {
      name: "Periods",
      shortDescription: "",
      authorId: userA,
    });
    await expect(
      repo.createScenario(companyA, {
        modelId: model.id,
        name: "x",
        periodFrom: "2025-02-01",
        periodTo: "2025-01-01",
      }),
    ).rejects.toThrow();
  });

  it("pages with a stable order and a total computed in SQL", async () => {
    const repo = modelsRepository(client.db);
    for (const name of ["p3", "p1", "p2"]) {
      await repo.createModel(companyB, { name, shortDescription: "", authorId: userB });
    }
    const first = await repo.listModels(companyB, {}, { limit: 2, offset: 0, ordering: "name" });
    const second = await repo.listModels(companyB, {}, { limit: 2, offset: 2, ordering: "name" });
    expect(first.count).toBe(3);
    expect([...first.rows, ...second.rows].map((m) => m.name)).toEqual(["p1", "p2", "p3"]);
    const searched = await repo.listModels(companyB, { search: "2" }, { limit: 10, offset: 0 });
    expect(searched.rows.map((m) => m.name)).toEqual(["p2"]);
  });
});

describe("refresh tokens", () => {
  it("revoke once; a family is revoked at once", async () => {
    const users = usersRepository(client.db);
    const familyId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const expiresAt = new Date(Date.now() + 60_000);
    await users.insertRefreshToken({ jti: first, familyId, userId: userA, expiresAt });
    await users.insertRefreshToken({ jti: second, familyId, userId: userA, expiresAt });

    expect(await users.revokeRefreshToken(first, second)).toBe(true);
    expect(await users.revokeRefreshToken(first, null)).toBe(false);
    expect(await users.revokeRefreshFamily(familyId)).toBe(1);
    expect((await users.findRefreshToken(second))?.revokedAt).toBeInstanceOf(Date);
  });
});

describe("single-use tokens", () => {
  it("are spent by the first use and refused once expired", async () => {
    const users = usersRepository(client.db);
    await users.createActionToken({
      userId: userA,
      purpose: "PASSWORD_RESET",
      tokenHash: "h1",
      expiresAt: new Date(Date.now() + 60_000),
    });
    await users.createActionToken({
      userId: userA,
      purpose: "PASSWORD_RESET",
      tokenHash: "h2",
      expiresAt: new Date(Date.now() - 1),
    });
    expect(await users.consumeActionToken(userB, "PASSWORD_RESET", "h1")).toBeUndefined();
    expect(await users.consumeActionToken(userA, "COMPANY_VALIDATION", "h1")).toBeUndefined();
    expect((await users.consumeActionToken(userA, "PASSWORD_RESET", "h1"))?.tokenHash).toBe("h1");
    expect(await users.consumeActionToken(userA, "PASSWORD_RESET", "h1")).toBeUndefined();
    expect(await users.consumeActionToken(userA, "PASSWORD_RESET", "h2")).toBeUndefined();
  });
});

describe("notifications", () => {
  it("belong to one user", async () => {
    const repo = notificationsRepository(client.db);
    await repo.create({ userId: userA, title: "t", message: "m" });
    const mine = await repo.list(userA, {}, { limit: 10, offset: 0 });
    const id = mine.rows[0]!.id;
    expect(await repo.mark(userB, id, true)).toBeUndefined();
    expect(await repo.markAllRead(userB)).toBe(0);
    expect((await repo.mark(userA, id, true))?.isRead).toBe(true);
  });
});

describe("the test database", () => {
  it("is isolated: a fresh schema on PostgreSQL, a fresh in-memory PGlite otherwise", async () => {
    const { rows } = await client.executeSql("select current_schema() as schema");
    if (process.env.DATABASE_URL) expect(rows[0]?.schema).toMatch(/^t_[0-9a-f]{12}$/);
    else expect(rows[0]?.schema).toBe("public");
    const other = await createTestDatabase();
    try {
      const { rows: counted } = await other.executeSql("select count(*)::int as n from users");
      expect(counted[0]?.n).toBe(0);
    } finally {
      await other.close();
    }
  });
});
