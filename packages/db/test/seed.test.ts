import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseClient } from "../src/client.ts";
import { companiesRepository } from "../src/repositories/companies.ts";
import { notificationsRepository } from "../src/repositories/notifications.ts";
import { usersRepository } from "../src/repositories/users.ts";
import { companies } from "../src/schema/companies.ts";
import { users } from "../src/schema/users.ts";
import { DEMO_COMPANY, DEMO_USERS, seedDemo } from "../src/seed.ts";
import { createTestDatabase } from "../src/test-database.ts";

// A stand-in hasher: the seed must store whatever the API's hasher returns.
const hashPassword = async (password: string) => `hashed:${password}`;

describe("seedDemo", () => {
  let client: DatabaseClient;
  beforeAll(async () => {
    client = await createTestDatabase();
  });
  afterAll(async () => {
    await client?.close();
  });

  it("creates the validated demo company with its two users, memberships and welcome notifications", async () => {
    expect(await seedDemo(client.db, { hashPassword })).toEqual({ created: true });

    const company = await companiesRepository(client.db).findByName(DEMO_COMPANY.name);
    expect(company?.status).toBe("VALIDATED");
    for (const demo of DEMO_USERS) {
      const user = await usersRepository(client.db).findByEmail(demo.email);
      expect(user?.role).toBe(demo.role);
      expect(user?.passwordHash).toBe("hashed:costflow-demo");
      const memberships = await companiesRepository(client.db).listMemberships(user!.id);
      expect(memberships).toEqual([
        {
          companyId: company!.id,
          companyName: DEMO_COMPANY.name,
          companyStatus: "VALIDATED",
          groupName: demo.groupName,
          licenseType: demo.licenseType,
        },
      ]);
      expect((await usersRepository(client.db).getSettings(user!.id)).selectedCompanyId).toBe(company!.id);
      const inbox = await notificationsRepository(client.db).list(user!.id, {}, { limit: 10, offset: 0 });
      expect(inbox.count).toBe(1);
      expect(inbox.unread).toBe(1);
      expect(inbox.rows[0]?.title).toBe("Welcome to Costflow");
    }
  });

  it("adds nothing when run again", async () => {
    expect(await seedDemo(client.db, { hashPassword })).toEqual({ created: false });
    expect(await client.db.$count(companies, eq(companies.name, DEMO_COMPANY.name))).toBe(1);
    expect(await client.db.$count(users)).toBe(2);
  });
});
