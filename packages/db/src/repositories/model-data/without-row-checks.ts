import type { Executor } from "../../client.ts";
import { rawQuery } from "./raw-client.ts";

/**
 * Runs `work` with the per-row foreign-key checks of the transaction switched off
 * (session_replication_role = replica, as pg_restore --disable-triggers does), when the role may
 * (a superuser; the embedded PGlite always may); otherwise `work` runs with the checks.
 *
 * Only for rows whose references are right by construction: the records of a model imported in
 * this very transaction point at the company, the scenario and the dimensions just inserted with
 * them. On 1.2 million records the two checks per row cost more than the COPY itself.
 */
export async function withoutRowChecks<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
  const [row] = await rawQuery<{ allowed: boolean }>(
    tx,
    "select current_setting('is_superuser') = 'on' as allowed",
  );
  if (!row?.allowed) return work();
  await rawQuery(tx, "set local session_replication_role = replica");
  const result = await work();
  await rawQuery(tx, "set local session_replication_role = origin");
  return result;
}
