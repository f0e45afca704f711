import { MarkAllNotificationsResponse } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { NOTIFICATIONS_KEY } from "./get-notifications";

/** PUT account/notifications/: every notification read; answers how many changed. */
function markAllNotificationsRead() {
  return api.put("account/notifications/", { is_read: true }, { schema: MarkAllNotificationsResponse });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
