import { DEMO_PASSWORD, DEMO_USERS } from "@costflow/db/seed";
import type { FastifyInstance } from "fastify";

/** The demo administrator logged in on an app of this process: bearer headers and a GET of the API. */
export async function demoAdminSession(app: FastifyInstance) {
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/jwt/create",
    payload: { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`demo login: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json().access}` };
  const get = (url: string) => app.inject({ method: "GET", url: `/api/v1${url}`, headers });
  return { headers, get };
}
