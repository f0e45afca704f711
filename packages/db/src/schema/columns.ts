import { integer, timestamp } from "drizzle-orm/pg-core";

// Column shapes shared by every table.
export const id = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
/** A point in time, stored with its time zone, read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => instant("created_at").defaultNow().notNull();
