import type { Action } from "@costflow/contract/abilities";

/** Route config: the caller needs `action` on the Allocation subject (Analysts and admins may edit). */
export const allocationAccess = (action: Extract<Action, "read" | "create" | "update" | "delete">) =>
  ({ access: { action, subject: "Allocation" } }) as const;

export const allocationTags = ["allocation"];
