import { OutboxEmail } from "@costflow/contract/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { OUTBOX_KEY } from "./get-outbox";

function getOutboxEmail(id: number): Promise<OutboxEmail> {
  return api.get(`admin/outbox/${id}/`, undefined, { schema: OutboxEmail });
}

function outboxEmailQueryOptions(id: number) {
  return queryOptions({ queryKey: [...OUTBOX_KEY, id], queryFn: () => getOutboxEmail(id) });
}

export function useOutboxEmail(id: number | null) {
  return useQuery({ ...outboxEmailQueryOptions(id ?? 0), enabled: id !== null });
}
