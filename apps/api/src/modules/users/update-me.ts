import type { Me, MeUpdate } from "@costflow/contract/users";
import type { AppContext } from "../../context.ts";
import { fieldError } from "../../lib/app-error.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { RequestAuth } from "../../plugins/access.ts";
import { toMe } from "./get-me.ts";

/** Changes my names or e-mail (409 if another account has that address). */
export async function updateMe(ctx: AppContext, auth: RequestAuth, input: MeUpdate): Promise<Me> {
  if (input.email && input.email !== auth.user.email) {
    const holder = await ctx.repos.users.findByEmail(input.email);
    if (holder) throw fieldError("CONFLICT", "email", "taken");
  }
  const user = await ctx.repos.users
    .updateProfile(auth.user.id, {
      ...(input.first_name !== undefined ? { firstName: input.first_name } : {}),
      ...(input.last_name !== undefined ? { lastName: input.last_name } : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
    })
    .catch((error: unknown) => {
      // The unique index settles a race between the check above and this update.
      throw isUniqueViolation(error) ? fieldError("CONFLICT", "email", "taken") : error;
    });
  return toMe({ ...auth, user: user ?? auth.user });
}
