import { NotificationPage } from "@costflow/contract/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { NOTIFICATION_POLL_MS } from "../../../lib/constants";

export const NOTIFICATIONS_KEY = ["account", "notifications"] as const;

function getNotifications(limit = 10): Promise<NotificationPage> {
  return api.get("account/notifications/", { limit, offset: 0 }, { schema: NotificationPage });
}

/** Polled every 30 s while `polling` is true; stopping sets it false. */
function notificationsQueryOptions(polling: boolean) {
  return queryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => getNotifications(),
    refetchInterval: polling ? NOTIFICATION_POLL_MS : false,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });
}

export function useNotifications(polling: boolean) {
  return useQuery(notificationsQueryOptions(polling));
}
