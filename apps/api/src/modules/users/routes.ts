import { Me, MeUpdate, Settings, SettingsUpdate } from "@costflow/contract/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { authOf } from "../../plugins/access.ts";
import { toMe, toSettings } from "./get-me.ts";
import { updateMe } from "./update-me.ts";
import { updateSettings } from "./update-settings.ts";

/** The current user and their settings. */
export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["account"];
    const read = { access: { action: "read", subject: "Account" } } as const;
    const update = { access: { action: "update", subject: "Account" } } as const;

    app.get(
      "/auth/users/me",
      {
        config: read,
        schema: {
          tags,
          summary: "The current user",
          security: bearer,
          response: { 200: Me, ...errorResponses },
        },
      },
      async (request) => toMe(authOf(request)),
    );

    app.put(
      "/auth/users/me",
      {
        config: update,
        schema: {
          tags,
          summary: "Change my names or e-mail",
          security: bearer,
          body: MeUpdate,
          response: { 200: Me, ...errorResponses },
        },
      },
      async (request) => updateMe(ctx, authOf(request), request.body),
    );

    app.get(
      "/auth/users/me/settings",
      {
        config: read,
        schema: {
          tags,
          summary: "My settings",
          security: bearer,
          response: { 200: Settings, ...errorResponses },
        },
      },
      async (request) => toSettings(authOf(request).settings),
    );

    app.put(
      "/auth/users/me/settings",
      {
        config: update,
        schema: {
          tags,
          summary: "Change some of my settings",
          security: bearer,
          body: SettingsUpdate,
          response: { 200: Settings, ...errorResponses },
        },
      },
      async (request) => updateSettings(ctx, authOf(request), request.body),
    );
  };
}
