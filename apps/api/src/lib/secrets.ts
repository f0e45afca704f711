import { createHash, randomBytes } from "node:crypto";
import { INT4_MAX } from "@costflow/contract/common";

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

/** The user id of a link's `uid`, or undefined when it cannot name a user (a bad link). */
export function decodeUid(uid: string): number | undefined {
  const text = Buffer.from(uid, "base64url").toString();
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  // Ten digits reach past the 32-bit id column (3000000000): no user has it.
  const id = Number(text);
  return id <= INT4_MAX ? id : undefined;
}
