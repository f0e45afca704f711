import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  as,
  createCompany,
  createMember,
  demoCompanyId,
  login,
  startTestApp,
  type TestApp,
} from "./helpers/test-app.ts";

let t: TestApp;
let demo: number;
let companyB: number;
type Call = ReturnType<typeof as>;
let demoAdmin: Call;
let demoAnalyst: Call;
let bAdmin: Call;

beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompanyId(t.database);
  companyB = (await createCompany(t.database, "Beta Foods", "admin@beta.test")).companyId;
  demoAdmin = as(t.app, (await login(t.app, "admin@costflow.demo")).access);
  demoAnalyst = as(t.app, (await login(t.app, "client@costflow.demo")).access);
  bAdmin = as(t.app, (await login(t.app, "admin@beta.test")).access);
});
afterAll(async () => {
  await t?.close();
});

describe("GET account/companies", () => {
  it("lists my memberships", async () => {
    const response = await demoAnalyst("GET", "/account/companies/");
    expect(response.json()).toEqual([
      {
        company: { id: demo, name: "Costflow Demo Distribution" },
        group_name: "Analysts",
        license_type: { name: "Professional" },
      },
    ]);
  });
});

describe("company requests", () => {
  it("a user asks to join by name; the company's administrators see it and accept it", async () => {
    await createMember(t.database, {
      email: "joiner@beta.test",
      role: "client",
      groupName: "Analysts",
      companyId: companyB,
    });
    const joiner = as(t.app, (await login(t.app, "joiner@beta.test")).access);

    const created = await joiner("POST", "/account/company-requests/", {
      company_name: "costflow demo distribution",
    });
    expect(created.statusCode).toBe(201);
    const request = created.json();
    expect(request).toMatchObject({
      company: { id: demo, name: "Costflow Demo Distribution" },
      user: { email: "joiner@beta.test" },
      status: "PENDING",
    });
    const twice = await joiner("POST", "/account/company-requests", {
      company_name: "Costflow Demo Distribution",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ field: "company_name", reason: "already_pending" });

    // The demo administrators were notified.
    const inbox = (await demoAdmin("GET", "/account/notifications")).json();
    expect(inbox.results[0].title).toBe("Request to join Costflow Demo Distribution");

    // Visible to the requester and to the company's administrators, not to others.
    expect(
      (await joiner("GET", "/account/company-requests")).json().results.map((r: { id: number }) => r.id),
    ).toContain(request.id);
    expect(
      (await demoAdmin("GET", "/account/company-requests?status=PENDING")).json().results,
    ).toContainEqual(request);
    expect((await bAdmin("GET", "/account/company-requests")).json().count).toBe(0);

    // Only administrators of the demo company may decide: the requester 403, the analyst and a
    // foreign administrator 404 (they cannot see it).
    expect((await joiner("POST", `/account/company-requests/${request.id}/accept/`)).statusCode).toBe(403);
    expect((await demoAnalyst("POST", `/account/company-requests/${request.id}/accept`)).statusCode).toBe(
      404,
    );
    expect((await bAdmin("POST", `/account/company-requests/${request.id}/decline`)).statusCode).toBe(404);

    const accepted = await demoAdmin("POST", `/account/company-requests/${request.id}/accept`, {
      group_name: "Viewers",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("ACCEPTED");
    expect((await demoAdmin("POST", `/account/company-requests/${request.id}/decline`)).statusCode).toBe(409);

    const memberships = (await joiner("GET", "/account/companies")).json();
    expect(memberships).toContainEqual({
      company: { id: demo, name: "Costflow Demo Distribution" },
      group_name: "Viewers",
      license_type: { name: "Professional" },
    });
    const notices = (await joiner("GET", "/account/notifications")).json().results;
    expect(notices[0]).toMatchObject({ title: "Request accepted" });
  });

  it("declines, refuses unknown companies and members asking again", async () => {
    await createMember(t.database, {
      email: "nope@beta.test",
      role: "client",
      groupName: "Viewers",
      companyId: companyB,
    });
    const asker = as(t.app, (await login(t.app, "nope@beta.test")).access);
    const unknown = await asker("POST", "/account/company-requests", { company_name: "No Such Company" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ field: "company_name", reason: "not_found" });
    const member = await asker("POST", "/account/company-requests", { company_name: "Beta Foods" });
    expect(member.statusCode).toBe(409);
    expect(member.json().errors[0]).toMatchObject({ reason: "already_member" });

    const request = (
      await asker("POST", "/account/company-requests", { company_name: "Costflow Demo Distribution" })
    ).json();
    const declined = await demoAdmin("POST", `/account/company-requests/${request.id}/decline/`, {});
    expect(declined.json().status).toBe("DECLINED");
    expect((await asker("GET", "/account/companies")).json()).toHaveLength(1);
  });
});

describe("company invitations", () => {
  it("an administrator invites; the invitee gets an e-mail and a notification and accepts", async () => {
    await createMember(t.database, {
      email: "invitee@beta.test",
      role: "client",
      groupName: "Viewers",
      companyId: companyB,
    });
    const invitee = as(t.app, (await login(t.app, "invitee@beta.test")).access);

    const created = await demoAdmin("POST", "/account/company-invitations/", {
      company: demo,
      email: "Invitee@Beta.test",
      group_name: "Analysts",
    });
    expect(created.statusCode).toBe(201);
    const invitation = created.json();
    expect(invitation).toMatchObject({
      email: "invitee@beta.test",
      group_name: "Analysts",
      status: "PENDING",
    });
    const { rows } = await t.database.executeSql("select subject from email_outbox where to_email = $1", [
      "invitee@beta.test",
    ]);
    expect(rows[0]?.subject).toBe("Ada Admin invited you to Costflow Demo Distribution on Costflow");
    expect((await invitee("GET", "/account/notifications")).json().results[0].title).toBe(
      "Invitation to Costflow Demo Distribution",
    );

    const again = await demoAdmin("POST", "/account/company-invitations", {
      company: demo,
      email: "invitee@beta.test",
      group_name: "Viewers",
    });
    expect(again.statusCode).toBe(409);

    // Listed for the invitee, and for the inviting company's administrators with ?company.
    expect((await invitee("GET", "/account/company-invitations")).json().results).toEqual([invitation]);
    expect((await demoAdmin("GET", `/account/company-invitations?company=${demo}`)).json().count).toBe(1);

    // Only the invitee answers: the inviting admin 403, a stranger 404.
    expect((await demoAdmin("POST", `/account/company-invitations/${invitation.id}/accept`)).statusCode).toBe(
      403,
    );
    expect((await bAdmin("POST", `/account/company-invitations/${invitation.id}/accept`)).statusCode).toBe(
      404,
    );

    const accepted = await invitee("POST", `/account/company-invitations/${invitation.id}/accept/`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe("ACCEPTED");
    expect((await invitee("GET", "/account/companies")).json()).toContainEqual(
      expect.objectContaining({
        company: { id: demo, name: "Costflow Demo Distribution" },
        group_name: "Analysts",
      }),
    );
    expect((await invitee("POST", `/account/company-invitations/${invitation.id}/decline`)).statusCode).toBe(
      409,
    );
    expect((await demoAdmin("GET", "/account/notifications")).json().results[0].title).toBe(
      "Invitation accepted",
    );
  });

  it("only a company's administrators invite or list its invitations", async () => {
    const payload = { company: demo, email: "someone@else.test", group_name: "Viewers" };
    // An analyst of the demo company: a member, not an administrator → 403.
    const analyst = await demoAnalyst("POST", "/account/company-invitations", payload);
    expect(analyst.statusCode).toBe(403);
    expect(analyst.json().errors[0]).toMatchObject({ field: "company", reason: "not_company_admin" });
    expect((await demoAnalyst("GET", `/account/company-invitations?company=${demo}`)).statusCode).toBe(403);
    // An administrator of company B is no member of the demo company → 404.
    expect((await bAdmin("POST", "/account/company-invitations", payload)).statusCode).toBe(404);
    expect((await bAdmin("GET", `/account/company-invitations/?company=${demo}`)).statusCode).toBe(404);
    // Members cannot be invited again; unknown groups are refused.
    const member = await demoAdmin("POST", "/account/company-invitations", {
      ...payload,
      email: "client@costflow.demo",
    });
    expect(member.statusCode).toBe(409);
    const group = await demoAdmin("POST", "/account/company-invitations", {
      ...payload,
      group_name: "Owners",
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().errors[0]).toMatchObject({ field: "group_name", reason: "invalid_value" });
  });

  it("an invitee declines", async () => {
    const invitation = (
      await bAdmin("POST", "/account/company-invitations", {
        company: companyB,
        email: "client@costflow.demo",
        group_name: "Viewers",
      })
    ).json();
    const declined = await demoAnalyst("POST", `/account/company-invitations/${invitation.id}/decline`);
    expect(declined.json().status).toBe("DECLINED");
    expect((await demoAnalyst("GET", "/account/companies")).json()).toHaveLength(1);
  });
});
