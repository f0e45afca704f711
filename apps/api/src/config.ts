import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Everything the server reads from its environment, with the defaults of the embedded setup. */
export interface Config {
  port: number;
  host: string;
  /** Public address of the web app, used in e-mailed links. */
  appUrl: string;
  /** HS256 key; when unset a random key is generated once and kept in the database. */
  jwtSecret: string | undefined;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /**
   * A refresh token replayed this soon after its own rotation gets a fresh pair instead of revoking
   * its family: two tabs (or a reload racing a poll) refreshing at once is not theft.
   */
  refreshReuseGraceMs: number;
  resetTokenSeconds: number;
  validationTokenSeconds: number;
  /** smtp(s)://user:pass@host:port; when unset e-mail goes to the outbox table only. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Attempts per e-mail after the first one fails. */
  emailRetryLimit: number;
  /**
   * Requests per window and key (IP + e-mail) on login, reset and registration; per refresh
   * family on refresh, where the address alone gets `ipMax` (many users may share one address).
   */
  authRateLimit: { max: number; windowMs: number; ipMax?: number };
  /** Largest accepted request body, bytes. */
  bodyLimit: number;
  /** Built web app to serve with a fallback to index.html, or null. */
  webDist: string | null;
  corsOrigin: string | undefined;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits key on it). */
  trustProxy: boolean;
  /** Run the job workers in this process (false for API-only processes when workers scale apart). */
  runWorkers: boolean;
  logLevel: string;
  /**
   * One log line per request and response: at LOG_LEVEL=debug/trace, or in production
   * (NODE_ENV=production, JSON lines for a log collector). Off otherwise: `npm start` printed a
   * line per request, burying the start message, and each line costs the event loop under load.
   */
  logRequests: boolean;
}

const WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const webDist = env.WEB_DIST ?? WEB_DIST;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 15 * 60),
    refreshTokenSeconds: int(env.REFRESH_TOKEN_SECONDS, 7 * 24 * 3600),
    refreshReuseGraceMs: int(env.REFRESH_REUSE_GRACE_MS, 30_000),
    resetTokenSeconds: 3600,
    validationTokenSeconds: 7 * 24 * 3600,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Costflow <no-reply@costflow.local>",
    emailRetryLimit: int(env.EMAIL_RETRY_LIMIT, 5),
    authRateLimit: {
      max: int(env.COSTFLOW_RATE_LIMIT_MAX, 10),
      windowMs: int(env.COSTFLOW_RATE_LIMIT_WINDOW_MS, 60_000),
      ipMax: int(env.COSTFLOW_RATE_LIMIT_IP_MAX, 600),
    },
    bodyLimit: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    webDist: existsSync(webDist) ? webDist : null,
    corsOrigin: env.CORS_ORIGIN || undefined,
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    runWorkers: env.RUN_WORKERS !== "0",
    // Outside production the console is for people: warnings and errors only unless asked for.
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === "production" ? "info" : "warn"),
    logRequests: env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "trace" || env.NODE_ENV === "production",
  };
}
