import type { Executor } from "../../client.ts";
import { analyzeTable } from "../analyze.ts";
import { copyRecords } from "./insert-model-rows.ts";
import { rawQuery } from "./raw-client.ts";

// The records of a scenario created in this very transaction (a model import): their company,
// scenario and dimensions are the rows just inserted with them, so the two foreign-key checks per
// row can only pass. On a million order lines those checks cost more than the COPY itself, so they
// are switched off for the COPY (session_replication_role = replica, as pg_restore
// --disable-triggers does) where that is allowed and safe:
// - the role may set it (a superuser; the embedded PGlite always is);
// - no insert trigger of dimension_records would be skipped: the record counter fires in replica
//   mode too (ENABLE ALWAYS, migration 0008), so only the foreign-key checks are switched off.
// Otherwise the COPY runs with every check and trigger.

/** pg_trigger.tgtype bit of INSERT triggers. */
const TRIGGER_TYPE_INSERT = 4;

export interface NewRecords {
  dimensionId: number;
  /** [identifier, JSON text of its fields] */
  records: Iterable<[string, string]>;
}

export async function copyNewScenarioRecords(
  where: { companyId: number; scenarioId: number },
  dimensions: NewRecords[],
  tx: Executor,
): Promise<void> {
  if (!(await fastPath(tx))) {
    for (const d of dimensions) await copyRecords({ ...where, dimensionId: d.dimensionId }, d.records, tx);
  } else {
    await rawQuery("set local session_replication_role = replica", [], tx);
    for (const d of dimensions) await copyRecords({ ...where, dimensionId: d.dimensionId }, d.records, tx);
    await rawQuery("set local session_replication_role = origin", [], tx);
  }
  await analyzeTable("dimension_records", tx);
}

/** Whether the per-row checks may be switched off without skipping any trigger's work. */
async function fastPath(tx: Executor): Promise<boolean> {
  const [role] = await rawQuery<{ superuser: boolean }>(
    "select current_setting('is_superuser') = 'on' as superuser",
    [],
    tx,
  );
  if (!role?.superuser) return false;
  // Triggers enabled "origin" (the default) stop firing under replica; "always" and "replica"
  // ones keep firing, and disabled ones fire in neither case.
  const triggers = await rawQuery<{ name: string }>(
    `select tgname as name from pg_trigger
      where tgrelid = 'dimension_records'::regclass and not tgisinternal
        and (tgtype & ${TRIGGER_TYPE_INSERT}) <> 0 and tgenabled = 'O'`,
    [],
    tx,
  );
  return triggers.length === 0;
}
