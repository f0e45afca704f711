import type { FastifyInstance } from "fastify";

/**
 * The Content-Security-Policy of every response: scripts only from our own origin (the web app's
 * index.html carries no inline script; its pre-paint skin script is public/boot.js), no framing by
 * anyone, no plugins. Styles allow 'unsafe-inline' because Mantine writes its CSS variables in a
 * <style> element at run time; images and fonts allow data: (icons, ECharts exports).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  // For browsers that predate frame-ancestors.
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // Reset and validation links carry their token in the URL: never send it on as a referrer.
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
};

/**
 * Security headers on every response: API answers (errors and 404s included), the web app's
 * files and the OpenAPI pages. onSend runs for every reply, whichever hook or handler ended it.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(HEADERS);
    return payload;
  });
}
