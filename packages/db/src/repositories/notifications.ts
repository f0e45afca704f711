import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { notifications } from "../schema/notifications.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type Notification = typeof notifications.$inferSelect;
type NewNotification = typeof notifications.$inferInsert;

/** Notifications belong to one user: every read and write is filtered by that user. */
export function notificationsRepository(db: Database) {
  return {
    async create(notification: NewNotification | NewNotification[], tx: Executor = db): Promise<void> {
      const rows = Array.isArray(notification) ? notification : [notification];
      if (rows.length > 0) await tx.insert(notifications).values(rows);
    },

    async list(
      userId: number,
      filter: { isRead?: boolean | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<Notification> & { unread: number }> {
      const conditions: SQL[] = [eq(notifications.userId, userId)];
      if (filter.isRead !== undefined) conditions.push(eq(notifications.isRead, filter.isRead));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(notifications)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { created_at: notifications.createdAt, is_read: notifications.isRead },
            "-created_at",
            notifications.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await tx.$count(notifications, where);
      const unread = await tx.$count(
        notifications,
        and(eq(notifications.userId, userId), eq(notifications.isRead, false)),
      );
      return { rows, count, unread };
    },

    async latest(userId: number, limit: number, tx: Executor = db): Promise<Notification[]> {
      return tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    /** Marks one of the user's notifications; undefined when the user has no such notification. */
    async mark(
      userId: number,
      id: number,
      isRead: boolean,
      tx: Executor = db,
    ): Promise<Notification | undefined> {
      const [row] = await tx
        .update(notifications)
        .set({ isRead })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row;
    },

    async markAllRead(userId: number, tx: Executor = db): Promise<number> {
      const rows = await tx
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
