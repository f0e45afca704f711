import { z } from "zod";
import { GROUP_NAMES } from "./abilities.ts";
import { CompanyName, CompanyRef, Email } from "./auth.ts";
import { idSchema, queryIdSchema } from "./common.ts";
import { listQuery, page } from "./pagination.ts";

// Notifications, company requests and company invitations (the "account/" endpoints).
const IsoDateTime = z.iso.datetime({ offset: true });

export const Notification = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** An app path to open, e.g. "/account", or null. */
  link: z.string().nullable(),
  created_at: IsoDateTime,
  is_read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/** GET account/notifications/: newest first unless `ordering` says otherwise. */
export const NotificationListQuery = listQuery(["created_at", "is_read"]).extend({
  is_read: z.enum(["true", "false"]).optional(),
});
export type NotificationListQuery = z.input<typeof NotificationListQuery>;

/** The notification page also carries how many of the user's notifications are unread. */
export const NotificationPage = page(Notification).extend({ unread: z.number().int().min(0) });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** PUT account/notifications/ marks all; it takes only `is_read: true`. */
export const MarkAllNotificationsRequest = z.strictObject({ is_read: z.literal(true) });
export const MarkAllNotificationsResponse = z.object({ updated: z.number().int().min(0) });
/** PUT account/notifications/{id}/ */
export const MarkNotificationRequest = z.strictObject({ is_read: z.boolean() });

export const DECISION_STATUSES = ["PENDING", "ACCEPTED", "DECLINED"] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

export const UserRef = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type UserRef = z.infer<typeof UserRef>;

export const CompanyRequest = z.object({
  id: z.number().int(),
  company: CompanyRef,
  user: UserRef,
  status: z.enum(DECISION_STATUSES),
  created_at: IsoDateTime,
});
export type CompanyRequest = z.infer<typeof CompanyRequest>;

/** GET account/company-requests/: mine plus those addressed to companies I administer. */
export const CompanyRequestListQuery = listQuery(["created_at", "status"]).extend({
  status: z.enum(DECISION_STATUSES).optional(),
});
export const CompanyRequestPage = page(CompanyRequest);
export type CompanyRequestPage = z.infer<typeof CompanyRequestPage>;

/** POST account/company-requests/: ask to join the company of that exact name. */
export const CreateCompanyRequest = z.strictObject({ company_name: CompanyName });
export type CreateCompanyRequest = z.infer<typeof CreateCompanyRequest>;

/** POST account/company-requests/{id}/accept/: the new member's group (default "Viewers"). */
export const AcceptCompanyRequest = z.strictObject({ group_name: z.enum(GROUP_NAMES).optional() });
export type AcceptCompanyRequest = z.infer<typeof AcceptCompanyRequest>;

export const CompanyInvitation = z.object({
  id: z.number().int(),
  company: CompanyRef,
  email: z.string(),
  group_name: z.string(),
  status: z.enum(DECISION_STATUSES),
  created_at: IsoDateTime,
});
export type CompanyInvitation = z.infer<typeof CompanyInvitation>;

/**
 * GET account/company-invitations/?company=<id> lists a company's invitations (its
 * administrators only); without `company`, the invitations addressed to me.
 */
export const CompanyInvitationListQuery = listQuery(["created_at", "status", "email"]).extend({
  company: queryIdSchema.optional(),
  status: z.enum(DECISION_STATUSES).optional(),
});
export const CompanyInvitationPage = page(CompanyInvitation);
export type CompanyInvitationPage = z.infer<typeof CompanyInvitationPage>;

/** POST account/company-invitations/ (administrators of `company` only). */
export const CreateCompanyInvitation = z.strictObject({
  company: idSchema,
  email: Email,
  group_name: z.enum(GROUP_NAMES),
});
export type CreateCompanyInvitation = z.infer<typeof CreateCompanyInvitation>;

/** Bodies of the accept/decline actions that take none: `{}` or no body at all (null to the server). */
export const EmptyBody = z.strictObject({}).nullish();

export const IdParams = z.object({ id: queryIdSchema });
