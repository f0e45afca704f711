import { createHash, randomBytes } from "node:crypto";

/** A random URL-safe token of 32 bytes. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The `uid` of an e-mailed link: the user id in base64url (Djoser's shape). */
export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString("base64url");
}

export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, "base64url").toString();
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}
