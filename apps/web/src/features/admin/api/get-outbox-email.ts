import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { OutboxEmail } from "../../../lib/api-types";
import { OUTBOX_KEY } from "./get-outbox";

function getOutboxEmail(id: number): Promise<OutboxEmail> {
  return api.get<OutboxEmail>(`admin/outbox/${id}/`);
}

function outboxEmailQueryOptions(id: number) {
  return queryOptions({ queryKey: [...OUTBOX_KEY, id], queryFn: () => getOutboxEmail(id) });
}

export function useOutboxEmail(id: number | null) {
  return useQuery({ ...outboxEmailQueryOptions(id ?? 0), enabled: id !== null });
}
