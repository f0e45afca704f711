import { OutboxEmail } from "@costflow/contract/admin";
import { fetchPage, type PageParams } from "../../../lib/paged";

export const OUTBOX_KEY = ["admin", "outbox"] as const;

export function getOutbox(params: PageParams & { to?: string }) {
  return fetchPage(
    "admin/outbox/",
    {
      limit: params.limit,
      offset: params.offset,
      ordering: params.ordering ?? "-created_at",
      to: params.search?.trim().toLowerCase() || undefined,
    },
    OutboxEmail,
  );
}
