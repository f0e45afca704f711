import { Model } from "@costflow/contract/models";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  buildUrl,
  configureApiClient,
  ResponseShapeError,
  setResponseChecks,
} from "../src/lib/api-client";
import { fetchPage } from "../src/lib/paged";
import { getAccessToken, getRefreshToken, getUserData, setTokens, setUserData } from "../src/lib/session";
import { fakeJwt, installStorage } from "./memory-storage";

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const future = () => Math.floor(Date.now() / 1000) + 3600;

describe("api client", () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    installStorage();
    expired = vi.fn<() => void>();
    setTokens({ access: "old-access", refresh: fakeJwt({ exp: future(), jti: "r1" }) });
    setUserData({ id: 1, email: "a@b.c", role: "admin" } as never);
    configureApiClient({ language: () => "pt", onSessionExpired: expired });
  });

  it("builds /api/v1 URLs and drops empty query values", () => {
    expect(buildUrl("models/", { limit: 10, offset: 0, search: "", ordering: undefined })).toBe(
      "/api/v1/models/?limit=10&offset=0",
    );
    expect(buildUrl("/api/v1/dashboard/quick-resume/")).toBe("/api/v1/dashboard/quick-resume/");
  });

  it("sends the Bearer token and the UI language", async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    configureApiClient({ fetch: fetchMock as never });
    await apiRequest("models/");
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer old-access");
    expect(headers["Accept-Language"]).toBe("pt");
  });

  it("refreshes once for concurrent 401s and retries every failed call", async () => {
    const newRefresh = fakeJwt({ exp: future(), jti: "r2" });
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url.includes("auth/jwt/refresh")) {
        refreshCalls += 1;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, { access: "new-access", refresh: newRefresh });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer new-access"
        ? json(200, { url })
        : json(401, { code: "TOKEN_INVALID", message: "x" });
    });
    configureApiClient({ fetch: fetchMock as never });

    const results = await Promise.all([
      apiRequest<{ url: string }>("a/"),
      apiRequest("b/"),
      apiRequest("c/"),
    ]);
    expect(results).toHaveLength(3);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBe("new-access");
    expect(getRefreshToken()).toBe(newRefresh);
    expect(expired).not.toHaveBeenCalled();
  });

  it("clears the session and reports expiry when the refresh fails", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes("auth/jwt/refresh")
        ? json(401, { code: "TOKEN_INVALID", message: "revoked" })
        : json(401, { code: "TOKEN_INVALID", message: "expired" }),
    );
    configureApiClient({ fetch: fetchMock as never });
    await expect(apiRequest("models/")).rejects.toBeInstanceOf(ApiError);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getUserData()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  // A reload while a refresh is in flight aborts the refresh's fetch in the page being left; the
  // session must survive into the reloaded page (it used to be cleared, logging the user out).
  it.each([
    ["no answer (aborted by a reload, network down)", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a server error", async () => json(503, { code: "SERVICE_UNAVAILABLE", message: "x" })],
    ["a rate limit", async () => json(429, { code: "RATE_LIMITED", message: "x" })],
  ])("keeps the session when the refresh gets %s", async (_label, refreshAnswer) => {
    const refresh = getRefreshToken();
    const fetchMock = vi.fn(async (url: string) =>
      url.includes("auth/jwt/refresh") ? refreshAnswer() : json(401, { code: "TOKEN_INVALID", message: "x" }),
    );
    configureApiClient({ fetch: fetchMock as never });
    await expect(apiRequest("models/")).rejects.toBeInstanceOf(ApiError);
    expect(getRefreshToken()).toBe(refresh);
    expect(getUserData()).not.toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });

  it("does not refresh on a failed login and keeps the server's field errors", async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        code: "VALIDATION_ERROR",
        message: "Some fields are not valid.",
        message_key: "errors.VALIDATION_ERROR",
        errors: [{ field: "email", reason: "required", message: "this field is required" }],
      }),
    );
    configureApiClient({ fetch: fetchMock as never });
    const error = (await apiRequest("auth/jwt/create/", { method: "POST", body: {}, auth: false }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.fieldMessage("email")).toBe("this field is required");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("answers undefined for 204", async () => {
    configureApiClient({ fetch: (async () => new Response(null, { status: 204 })) as never });
    await expect(apiRequest("auth/jwt/logout/", { method: "POST", body: {} })).resolves.toBeUndefined();
  });

  describe("contract check of answers", () => {
    const model = {
      id: 7,
      name: "M",
      short_description: "",
      author: "a@b.c",
      created_at: "2024-01-01T00:00:00.000Z",
      company: 1,
    };

    it("is on in development builds (and in these tests)", () => {
      expect(import.meta.env.DEV).toBe(true);
    });

    it("hands on an answer that matches its schema as received", async () => {
      const body = { ...model, extra: "kept" };
      configureApiClient({ fetch: (async () => json(200, body)) as never });
      const got = await apiRequest("models/7/", { schema: Model });
      expect(got).toEqual(body);
    });

    it("refuses an answer that does not match, naming the call and the field", async () => {
      configureApiClient({ fetch: (async () => json(200, { ...model, id: "7" })) as never });
      const error = await apiRequest("models/7/", { schema: Model.pick({ id: true }) }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ResponseShapeError);
      expect((error as Error).message).toContain("models/7/");
      expect((error as Error).message).toContain("id");
    });

    it("checks a page of rows against the contract's page of the row", async () => {
      const row = Model.pick({ id: true, name: true });
      configureApiClient({
        fetch: (async () =>
          json(200, { count: 1, next: null, previous: null, results: [{ id: 1 }] })) as never,
      });
      await expect(fetchPage("models/", {}, row)).rejects.toBeInstanceOf(ResponseShapeError);
      configureApiClient({
        fetch: (async () =>
          json(200, { count: 1, next: null, previous: null, results: [{ id: 1, name: "a" }] })) as never,
      });
      await expect(fetchPage("models/", {}, row)).resolves.toMatchObject({ count: 1 });
    });

    it("is skipped when off (production builds)", async () => {
      configureApiClient({ fetch: (async () => json(200, { id: "7" })) as never });
      setResponseChecks(false);
      try {
        await expect(apiRequest("models/7/", { schema: Model.pick({ id: true }) })).resolves.toEqual({
          id: "7",
        });
      } finally {
        setResponseChecks(true);
      }
    });
  });
});
