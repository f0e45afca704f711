// The one HTTP client of the web app: base path /api/v1, Bearer token, the UI language in
// Accept-Language, and on a 401 a single-flight token refresh followed by one retry of every call
// that failed meanwhile. When the refresh fails the session is cleared and the app is sent to
// /login. In development builds (import.meta.env.DEV) an answer is checked against the contract
// schema its caller passes (`schema`); production builds skip the check.
import type { ZodType } from "zod";
import type { ErrorBody, FieldError, TokenPair } from "./api-types";
import { clearSession, getAccessToken, getRefreshToken, setTokens } from "./session";

const API_BASE = "/api/v1/";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: string | undefined;
  readonly fieldErrors: FieldError[];

  constructor(status: number, body: Partial<ErrorBody> | null, fallback: string) {
    super(body?.message || fallback);
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? (status === 0 ? "NETWORK_ERROR" : `HTTP_${status}`);
    this.messageKey = body?.message_key;
    this.fieldErrors = Array.isArray(body?.errors) ? body.errors : [];
  }

  /** The server's translated message for one field, if it named that field. */
  fieldMessage(field: string): string | undefined {
    return this.fieldErrors.find((e) => e.field === field)?.message;
  }
}

/** An answer that does not match its contract schema (development builds only). */
export class ResponseShapeError extends Error {
  readonly path: string;
  readonly issues: unknown[];

  constructor(path: string, issues: { path: PropertyKey[]; message: string }[]) {
    const first = issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join(".") || "(root)"}: ${i.message}`)
      .join("; ");
    super(`The answer of ${path} does not match the contract: ${first}`);
    this.name = "ResponseShapeError";
    this.path = path;
    this.issues = issues;
  }
}

/** Whether answers are checked against their schema: development builds (and the unit tests). */
let checkShapes = import.meta.env.DEV;

/** Tests turn the check off to see what a production build does. */
export function setResponseChecks(on: boolean): void {
  checkShapes = on;
}

/**
 * The answer of `path`, checked against its contract schema in development builds. The answer is
 * returned as received (not the schema's parse result), so both builds hand the same value on.
 * Exported for the calls sent without the client (the multipart model import).
 */
export function checkResponse<T>(path: string, data: unknown, schema: ZodType<T> | undefined): T {
  if (checkShapes && schema) {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseShapeError(path, result.error.issues);
  }
  return data as T;
}

export type QueryValue = string | number | boolean | null | undefined;

interface RequestOptions<T = unknown> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Send the Bearer token and refresh on 401 (default true). */
  auth?: boolean;
  /** The contract schema of the answer, checked in development builds (see checkResponse). */
  schema?: ZodType<T>;
}

type LanguageGetter = () => string;
type ExpiredHandler = () => void;

let getLanguage: LanguageGetter = () => "en";
let onSessionExpired: ExpiredHandler = () => {
  if (typeof window !== "undefined") window.location.assign("/login");
};
let fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args);

export function configureApiClient(options: {
  language?: LanguageGetter;
  onSessionExpired?: ExpiredHandler;
  fetch?: typeof fetch;
}): void {
  if (options.language) getLanguage = options.language;
  if (options.onSessionExpired) onSessionExpired = options.onSessionExpired;
  if (options.fetch) fetchImpl = options.fetch;
}

export function buildUrl(path: string, params?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, "").replace(/^api\/v1\//, "");
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  const qs = query.toString();
  return `${API_BASE}${clean}${qs ? `?${qs}` : ""}`;
}

// Paths whose 401 means "bad credentials / bad refresh token", never "refresh and retry".
const NO_REFRESH = ["auth/jwt/create", "auth/jwt/refresh", "auth/jwt/logout"];

let refreshInFlight: Promise<string> | null = null;

async function doRefresh(): Promise<string> {
  const refresh = getRefreshToken();
  if (!refresh) throw new ApiError(401, { code: "NOT_AUTHENTICATED" }, "Not authenticated");
  let res: Response;
  try {
    res = await fetchImpl(buildUrl("auth/jwt/refresh/"), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Accept-Language": getLanguage(),
      },
      body: JSON.stringify({ refresh }),
    });
  } catch (error) {
    // No answer: the network dropped, or the page is being unloaded (a reload while a refresh
    // is in flight aborts it). Nothing says the session ended.
    throw new ApiError(0, null, (error as Error)?.message ?? "Network error");
  }
  if (!res.ok) throw new ApiError(res.status, await readBody(res), res.statusText);
  const pair = (await res.json()) as Partial<TokenPair>;
  if (!pair.access) throw new ApiError(500, null, "Refresh answered without an access token");
  setTokens({ access: pair.access, refresh: pair.refresh ?? refresh });
  return pair.access;
}

/** The refresh was answered with a refusal of the token itself (or there is no token to send). */
function refusesSession(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 400 || error.status === 401 || error.status === 403;
}

/** One refresh at a time: every 401 arriving while a refresh runs waits for the same promise. */
export function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    refreshInFlight = doRefresh().finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

async function readBody(res: Response): Promise<Partial<ErrorBody> | null> {
  try {
    const text = await res.text();
    return text ? (JSON.parse(text) as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": getLanguage(),
  };
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetchImpl(buildUrl(path, options.params), {
      method: options.method ?? "GET",
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as { name?: string })?.name === "AbortError") throw error;
    throw new ApiError(0, null, (error as Error)?.message ?? "Network error");
  }
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const usedToken = options.auth === false ? null : getAccessToken();
  let res = await send(path, options, usedToken);

  const mayRefresh =
    res.status === 401 &&
    options.auth !== false &&
    !NO_REFRESH.some((p) => path.replace(/^\/+/, "").startsWith(p));
  if (mayRefresh) {
    let fresh: string;
    try {
      // Another call may already have refreshed while this one was in flight.
      const current = getAccessToken();
      fresh = current && current !== usedToken ? current : await refreshAccessToken();
    } catch (error) {
      // Only the server's refusal of the refresh token ends the session. A refresh that got no answer, a
      // server error or a rate limit leaves the tokens for the next try: clearing them here logged out a
      // user whose reload aborted a refresh in flight.
      if (!refusesSession(error)) throw error;
      clearSession();
      onSessionExpired();
      throw new ApiError(401, await readBody(res), "Session expired");
    }
    res = await send(path, options, fresh);
    if (res.status === 401) {
      clearSession();
      onSessionExpired();
    }
  }

  if (!res.ok) throw new ApiError(res.status, await readBody(res), res.statusText || `HTTP ${res.status}`);
  const data = await parse<unknown>(res);
  return checkResponse(path, data, options.schema);
}

/** Options of the shorthand calls: the answer's schema, an abort signal, auth. */
type CallOptions<T> = Omit<RequestOptions<T>, "method" | "body" | "params">;

export const api = {
  get: <T>(path: string, params?: Record<string, QueryValue>, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { ...options, method: "GET", params }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, "method" | "body"> = {}) =>
    apiRequest<T>(path, { ...options, method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { ...options, method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body: body ?? {} }),
  delete: <T = void>(path: string, options: CallOptions<T> = {}) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
};
