import { serverMessage } from "@costflow/contract/server-messages";
import type { Database } from "./client.ts";
import { companiesRepository } from "./repositories/companies.ts";
import { notificationsRepository } from "./repositories/notifications.ts";
import { usersRepository } from "./repositories/users.ts";

/** The demo company every fresh installation starts with (docs/api-contract.md, "Demo seed"). */
export const DEMO_COMPANY = {
  name: "Costflow Demo Distribution",
  country: "PT",
  industry: "Wholesale distribution",
  employees: "51-200",
} as const;
export const DEMO_PASSWORD = "costflow-demo";
export const DEMO_USERS = [
  {
    email: "admin@costflow.demo",
    firstName: "Ada",
    lastName: "Admin",
    role: "admin",
    groupName: "Administrators",
    licenseType: "Enterprise",
  },
  {
    email: "client@costflow.demo",
    firstName: "Carlos",
    lastName: "Client",
    role: "client",
    groupName: "Analysts",
    licenseType: "Professional",
  },
] as const;
/** License types offered; the first start creates them whether or not the demo exists. */
const LICENSE_TYPES = ["Starter", "Professional", "Enterprise"] as const;

/**
 * Seeds the license types and, unless it already exists, the demo company with its two users,
 * their memberships, settings and a welcome notification each. Safe to run on every start.
 * The password hasher is passed in so this package need not depend on the API's choice.
 */
export async function seedDemo(
  db: Database,
  options: { hashPassword: (password: string) => Promise<string> },
): Promise<{ created: boolean }> {
  const companies = companiesRepository(db);
  for (const name of LICENSE_TYPES) await companies.ensureLicenseType(name);
  if (await companies.findByName(DEMO_COMPANY.name)) return { created: false };

  const passwordHash = await options.hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const users = usersRepository(db);
    const notifications = notificationsRepository(db);
    const company = await companies.create(
      { ...DEMO_COMPANY, status: "VALIDATED", validatedAt: new Date() },
      tx,
    );
    if (!company) return { created: false }; // another process seeded it a moment ago
    for (const demo of DEMO_USERS) {
      const user =
        (await users.create(
          {
            email: demo.email,
            passwordHash,
            firstName: demo.firstName,
            lastName: demo.lastName,
            role: demo.role,
          },
          { selectedCompanyId: company.id },
          tx,
        )) ?? (await users.findByEmail(demo.email, tx))!;
      await companies.addMembership(
        { companyId: company.id, userId: user.id, groupName: demo.groupName, licenseType: demo.licenseType },
        tx,
      );
      const values = { name: demo.firstName, company: company.name };
      await notifications.create(
        {
          userId: user.id,
          companyId: company.id,
          title: serverMessage("en", "emails.notifications.welcome.title", values),
          message: serverMessage("en", "emails.notifications.welcome.message", values),
          messageKey: "emails.notifications.welcome",
          params: values,
          link: "/dashboard",
        },
        tx,
      );
    }
    return { created: true };
  });
}
