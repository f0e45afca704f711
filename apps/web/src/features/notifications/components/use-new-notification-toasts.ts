import { notifications as toasts } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { LATEST_CALCULATION_KEY, type LatestCalculation } from "../../../lib/api/get-latest-calculation";
import type { AppNotification } from "../../../lib/api-types";
import { isActive } from "../../../lib/calculation-status";
import { NOTIFICATIONS_KEY } from "../api/get-notifications";

/**
 * Toasts each notification that arrives while the app is open (the server writes them in the
 * reader's language; e.g. "Calculation finished" for a run the user started). Those already there
 * when the app opened stay in the bell only. When a run the app is following ends, the list is
 * read again at once, so the news does not wait for the next 30 s poll.
 */
export function useNewNotificationToasts(
  items: AppNotification[] | undefined,
  onOpen: (n: AppNotification) => void,
) {
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((n) => n.id));
      return;
    }
    for (const n of items) {
      if (seen.current.has(n.id)) continue;
      seen.current.add(n.id);
      if (n.is_read) continue;
      toasts.show({
        id: `notification-${n.id}`,
        title: n.title,
        message: n.message,
        color: "blue",
        autoClose: 8000,
        onClick: () => onOpen(n),
        style: n.link ? { cursor: "pointer" } : undefined,
        "data-testid": "notification-toast",
      } as Parameters<typeof toasts.show>[0]);
    }
  }, [items, onOpen]);

  const queryClient = useQueryClient();
  useEffect(() => {
    const running = new Map<string, boolean>();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated") return;
      const key = event.query.queryKey;
      if (key[0] !== LATEST_CALCULATION_KEY[0] || key[1] !== LATEST_CALCULATION_KEY[1]) return;
      const data = event.query.state.data as LatestCalculation | undefined;
      const active = data?.kind === "found" && isActive(data.calculation.calculation_status);
      const hash = event.query.queryHash;
      if (running.get(hash) && !active) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      running.set(hash, active);
    });
  }, [queryClient]);
}
