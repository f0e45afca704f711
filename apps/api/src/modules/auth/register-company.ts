import type { CompanySignupRequest, RegisterRequest, RegisterResponse } from "@costflow/contract/auth";
import type { Language } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { encodeUid, randomToken, sha256 } from "../../lib/secrets.ts";
import { queueEmails, recordEmail } from "../mail/send-email.ts";

const SIGNUP_LICENSE = "Professional";

/**
 * A taken e-mail and a taken company name are refused alike, naming both fields: the answer must
 * not tell a stranger which addresses or company names exist (docs/ARCHITECTURE.md, "Authentication").
 */
function takenError() {
  return new AppError("CONFLICT", [
    { field: "email", reason: "email_or_company_taken" },
    { field: "company_name", reason: "email_or_company_taken" },
  ]);
}

/**
 * Registration and company sign-up: a new user (role admin), their company (pending), an
 * "Administrators" membership, and an e-mailed validation link; all or nothing.
 */
export async function registerCompany(
  ctx: AppContext,
  input: RegisterRequest | CompanySignupRequest,
  language: Language,
): Promise<RegisterResponse> {
  const [userTaken, companyTaken] = await Promise.all([
    ctx.repos.users.findByEmail(input.email),
    ctx.repos.companies.findByName(input.company_name),
  ]);
  if (userTaken || companyTaken) throw takenError();
  const passwordHash = await hashPassword(input.password);
  const token = randomToken();

  const { user, recorded } = await ctx.db.transaction(async (tx) => {
    const profile =
      "country" in input
        ? { country: input.country, industry: input.industry, employees: input.employees }
        : {};
    const company = await ctx.repos.companies.create({ name: input.company_name, ...profile }, tx);
    // A concurrent registration can still take the name or address between the checks above and here.
    if (!company) throw takenError();
    const user = await ctx.repos.users.create(
      {
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        role: "admin",
      },
      { language, selectedCompanyId: company.id },
      tx,
    );
    if (!user) throw takenError();
    await ctx.repos.companies.addMembership(
      { companyId: company.id, userId: user.id, groupName: "Administrators", licenseType: SIGNUP_LICENSE },
      tx,
    );
    await ctx.repos.users.createActionToken(
      {
        userId: user.id,
        companyId: company.id,
        purpose: "COMPANY_VALIDATION",
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + ctx.config.validationTokenSeconds * 1000),
      },
      tx,
    );
    const link = `${ctx.config.appUrl}/company/validate?uid=${encodeUid(user.id)}&token=${token}`;
    const recorded = await recordEmail(
      ctx,
      {
        to: user.email,
        language,
        template: "validate_company",
        values: {
          name: user.firstName,
          company: company.name,
          link,
          email: user.email,
          hours: ctx.config.validationTokenSeconds / 3600,
        },
        secrets: [token],
        companyId: company.id,
      },
      tx,
    );
    return { user, recorded };
  });
  await queueEmails(ctx, [recorded]);
  return { id: user.id, email: user.email };
}
