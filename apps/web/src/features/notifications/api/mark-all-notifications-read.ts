import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { NOTIFICATIONS_KEY } from "./get-notifications";

function markAllNotificationsRead(): Promise<unknown> {
  return api.put<unknown>("account/notifications/", { is_read: true });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
