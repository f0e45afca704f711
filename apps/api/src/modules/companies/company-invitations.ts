import type { CompanyInvitation, CreateCompanyInvitation } from "@costflow/contract/account";
import { isLanguage, type Language } from "@costflow/contract/languages";
import type { AppContext } from "../../context.ts";
import { AppError, fieldError, notFound } from "../../lib/app-error.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { queueEmails, recordEmail } from "../mail/send-email.ts";
import { notifyUsers } from "../notifications/notify-users.ts";
import {
  displayName,
  isCompanyAdmin,
  MEMBER_LICENSE,
  requireCompanyAdmin,
  toCompanyInvitation,
} from "./company-views.ts";

/**
 * A company administrator invites an e-mail address: the invitee gets an e-mail and, if they
 * already have an account, a notification.
 */
export async function inviteToCompany(
  ctx: AppContext,
  auth: RequestAuth,
  input: CreateCompanyInvitation,
  requestLanguage: Language,
): Promise<CompanyInvitation> {
  requireCompanyAdmin(auth, input.company, "company");
  const invitee = await ctx.repos.users.findByEmail(input.email);
  if (invitee && (await ctx.repos.companies.findMembership(input.company, invitee.id))) {
    throw fieldError("CONFLICT", "email", "already_member");
  }
  const company = (await ctx.repos.companies.findById(input.company))!;
  const inviteeLanguage = invitee
    ? (await ctx.repos.users.getSettings(invitee.id)).language
    : requestLanguage;
  const values = { inviter: displayName(auth.user), company: company.name, group: input.group_name };

  const { id, recorded } = await ctx.db.transaction(async (tx) => {
    const id = await ctx.repos.companyRequests.createInvitation(
      { companyId: company.id, email: input.email, groupName: input.group_name, invitedBy: auth.user.id },
      tx,
    );
    if (!id) throw fieldError("CONFLICT", "email", "already_pending");
    const recorded = await recordEmail(
      ctx,
      {
        to: input.email,
        language: isLanguage(inviteeLanguage) ? inviteeLanguage : "en",
        template: "invitation",
        values: { ...values, email: input.email, link: `${ctx.config.appUrl}/account` },
        companyId: company.id,
      },
      tx,
    );
    if (invitee) {
      await notifyUsers(
        ctx,
        [invitee.id],
        { key: "invitation_received", values, link: "/account", companyId: company.id },
        tx,
      );
    }
    return { id, recorded };
  });
  await queueEmails(ctx, [recorded]);
  return toCompanyInvitation((await ctx.repos.companyRequests.findInvitation(id))!);
}

/**
 * The invitee accepts (becoming a member of the invitation's group) or declines. The inviting
 * company's administrators see the invitation but may not answer it (403); anyone else, 404.
 */
export async function answerCompanyInvitation(
  ctx: AppContext,
  auth: RequestAuth,
  id: number,
  decision: "ACCEPTED" | "DECLINED",
): Promise<CompanyInvitation> {
  const invitation = await ctx.repos.companyRequests.findInvitation(id);
  const invitee = invitation?.email === auth.user.email;
  if (!invitation || (!invitee && !isCompanyAdmin(auth, invitation.companyId))) throw notFound();
  if (!invitee) throw new AppError("FORBIDDEN", [{ field: "id", reason: "not_invitee" }]);
  await ctx.db.transaction(async (tx) => {
    if (!(await ctx.repos.companyRequests.decideInvitation(id, decision, tx))) {
      throw fieldError("CONFLICT", "id", "already_decided");
    }
    if (decision === "ACCEPTED") {
      await ctx.repos.companies.addMembership(
        {
          companyId: invitation.companyId,
          userId: auth.user.id,
          groupName: invitation.groupName,
          licenseType: MEMBER_LICENSE,
        },
        tx,
      );
    }
    if (invitation.invitedBy) {
      await notifyUsers(
        ctx,
        [invitation.invitedBy],
        {
          key: decision === "ACCEPTED" ? "invitation_accepted" : "invitation_declined",
          values: { email: auth.user.email, company: invitation.companyName },
          link: "/account",
          companyId: invitation.companyId,
        },
        tx,
      );
    }
  });
  return toCompanyInvitation((await ctx.repos.companyRequests.findInvitation(id))!);
}
