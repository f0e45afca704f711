import { z } from "zod";
import { textSchema } from "./common.ts";

// Authentication, registration and password endpoints (docs/api-contract.md).

/** An e-mail address as typed: surrounding blanks dropped, compared in lower case. */
export const Email = textSchema.trim().toLowerCase().max(254).pipe(z.email());
const PASSWORD_MIN_LENGTH = 8;
export const Password = textSchema.min(PASSWORD_MIN_LENGTH).max(128);
/** A password as given at login: never reveal the policy there, only require something. */
const AnyPassword = textSchema.min(1).max(128);
const PersonName = textSchema.trim().max(150);
export const CompanyName = textSchema.trim().min(1).max(200);

/** POST auth/jwt/create */
export const LoginRequest = z.strictObject({ email: Email, password: AnyPassword });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Access token ~15 minutes, refresh token ~7 days; both JWTs with `exp`. */
export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/** POST auth/jwt/refresh and POST auth/jwt/logout */
export const RefreshRequest = z.strictObject({ refresh: textSchema.min(1).max(4096) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST auth/users/set_password/ → TokenPair (every older refresh token is revoked). */
export const SetPasswordRequest = z.strictObject({ current_password: AnyPassword, new_password: Password });
export type SetPasswordRequest = z.infer<typeof SetPasswordRequest>;

/** POST auth/users/reset_password/ → 204 whether or not the address is known. */
export const ResetPasswordRequest = z.strictObject({ email: Email });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** POST auth/users/reset_password_confirm/ → 204. `uid`/`token` come from the e-mailed link. */
export const ResetPasswordConfirmRequest = z.strictObject({
  uid: textSchema.min(1).max(64),
  token: textSchema.min(1).max(128),
  new_password: Password,
});
export type ResetPasswordConfirmRequest = z.infer<typeof ResetPasswordConfirmRequest>;

/** POST auth/users/ → 201 RegisterResponse; the company stays pending until validated. */
export const RegisterRequest = z.strictObject({
  first_name: PersonName.min(1),
  last_name: PersonName,
  email: Email,
  password: Password,
  company_name: CompanyName,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({ id: z.number().int(), email: z.string() });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** Employee-count bands offered by the company sign-up form. */
const EMPLOYEE_RANGES = ["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;

/** POST company-signup/ → 201 RegisterResponse (register with a fuller company profile). */
export const CompanySignupRequest = RegisterRequest.extend({
  /** ISO 3166-1 alpha-2 code, e.g. "PT"; the web app shows names with Intl.DisplayNames. */
  country: textSchema
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  industry: textSchema.trim().min(1).max(100),
  employees: z.enum(EMPLOYEE_RANGES),
});
export type CompanySignupRequest = z.infer<typeof CompanySignupRequest>;

/** POST company/validate/ with the `uid` and `token` of the e-mailed link. */
export const CompanyValidateRequest = z.strictObject({
  uid: textSchema.min(1).max(64),
  token: textSchema.min(1).max(128),
});
export type CompanyValidateRequest = z.infer<typeof CompanyValidateRequest>;

export const CompanyRef = z.object({ id: z.number().int(), name: z.string() });
export type CompanyRef = z.infer<typeof CompanyRef>;

export const CompanyValidateResponse = z.object({ company: CompanyRef, validated: z.literal(true) });
export type CompanyValidateResponse = z.infer<typeof CompanyValidateResponse>;
