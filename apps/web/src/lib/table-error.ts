// What a table says when its list request failed. A 4xx from our API carries a message already
// translated into the UI language (Accept-Language) and, for refused fields, one message per field
// (error envelope: {code, message, message_key, errors: [{field, reason, message}]}): the table
// shows those. A 5xx, a network failure, or a 4xx without the server's own message (a proxy's
// page, an empty body: the client then only has the HTTP status text) reads as the generic text.
import { ApiError } from "./api-client";

/** The server's translated message for a failed table query, or null for the generic text. */
export function tableErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status < 400 || error.status >= 500) return null;
  // The API always sends message_key with its message; without it the ApiError's message is only
  // the status-text fallback of the client (English, not the server's words).
  const message = error.messageKey ? error.message.trim() : "";
  const fields = error.fieldErrors
    .filter((f) => typeof f?.message === "string" && f.message.trim() !== "")
    .map((f) => (f.field ? `${f.field}: ${f.message.trim()}` : f.message.trim()));
  if (!message && fields.length === 0) return null;
  return [message, fields.join("; ")].filter(Boolean).join(" ");
}
