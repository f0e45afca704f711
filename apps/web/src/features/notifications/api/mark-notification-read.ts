import { Notification as AppNotification } from "@costflow/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { NOTIFICATIONS_KEY } from "./get-notifications";

function markNotificationRead(id: number, isRead = true): Promise<AppNotification> {
  return api.put(`account/notifications/${id}/`, { is_read: isRead }, { schema: AppNotification });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isRead }: { id: number; isRead?: boolean }) =>
      markNotificationRead(id, isRead ?? true),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
