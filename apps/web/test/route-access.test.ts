import { describe, expect, it } from "vitest";
import { buildAbility } from "../src/lib/authorization";
import { decideAccess } from "../src/lib/route-access";

const admin = buildAbility([{ action: "manage", subject: "all" }]);
const analyst = buildAbility([
  { action: "manage", subject: "Model" },
  { action: "read", subject: "Dashboard" },
  { action: "manage", subject: "Account" },
]);
const nobody = buildAbility([]);

describe("route guard", () => {
  it("lets everybody open public and open pages", () => {
    expect(decideAccess({ access: "public" }, false, nobody)).toEqual({ kind: "allow" });
    expect(decideAccess({ access: "open" }, true, nobody)).toEqual({ kind: "allow" });
  });

  it("sends a logged-in user away from guest pages", () => {
    expect(decideAccess({ access: "guest" }, true, admin)).toEqual({ kind: "home" });
    expect(decideAccess({ access: "guest" }, false, nobody)).toEqual({ kind: "allow" });
  });

  it("sends a logged-out user to login with tokens cleared", () => {
    expect(decideAccess({ access: "private", subject: "Dashboard" }, false, admin)).toEqual({
      kind: "login",
      clearTokens: true,
    });
  });

  it("checks the route's subject and action (default read)", () => {
    expect(decideAccess({ access: "private", subject: "Admin" }, true, admin).kind).toBe("allow");
    expect(decideAccess({ access: "private", subject: "Admin" }, true, analyst).kind).toBe("not-authorized");
    expect(decideAccess({ access: "private", subject: "Model", action: "create" }, true, analyst).kind).toBe(
      "allow",
    );
    expect(
      decideAccess({ access: "private", subject: "Dashboard", action: "update" }, true, analyst).kind,
    ).toBe("not-authorized");
  });

  it("always grants read on Auth", () => {
    expect(decideAccess({ access: "private", subject: "Auth" }, true, nobody).kind).toBe("allow");
    expect(decideAccess({ access: "private" }, true, nobody).kind).toBe("allow");
  });
});
