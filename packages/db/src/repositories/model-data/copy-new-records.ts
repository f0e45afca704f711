import type { Executor } from "../../client.ts";
import { copyRecords } from "./insert-model-rows.ts";
import { rawQuery } from "./raw-client.ts";

// The records of a scenario created in this very transaction (a model import): their company,
// scenario and dimensions are the rows just inserted with them, so the two foreign-key checks per
// row can only pass. On a million order lines those checks cost more than the COPY itself, so they
// are switched off for the COPY (session_replication_role = replica, as pg_restore
// --disable-triggers does) where that is allowed and safe:
// - the role may set it (a superuser; the embedded PGlite always is);
// - every other insert trigger of dimension_records is one this code stands in for. Today that is
//   the statement-level record counter of migration 0004, whose counts are written here instead.
// Otherwise the COPY runs with every check and trigger.

/** Insert triggers of dimension_records whose work is done here when triggers are off. */
const RECORD_COUNTER = "dimension_records_count_insert";
/** pg_trigger.tgtype bit of INSERT triggers. */
const TRIGGER_TYPE_INSERT = 4;

export interface NewRecords {
  dimensionId: number;
  /** [identifier, JSON text of its fields] */
  records: Iterable<[string, string]>;
}

export async function copyNewScenarioRecords(
  tx: Executor,
  where: { companyId: number; scenarioId: number },
  dimensions: NewRecords[],
): Promise<void> {
  const fast = await fastPath(tx);
  if (!fast) {
    for (const d of dimensions) await copyRecords(tx, { ...where, dimensionId: d.dimensionId }, d.records);
    return;
  }
  await rawQuery(tx, "set local session_replication_role = replica");
  const counts: [number, number][] = [];
  for (const d of dimensions) {
    counts.push([d.dimensionId, await copyRecords(tx, { ...where, dimensionId: d.dimensionId }, d.records)]);
  }
  await rawQuery(tx, "set local session_replication_role = origin");
  if (fast.countRecords) {
    for (const [dimensionId, n] of counts) {
      await rawQuery(
        tx,
        `insert into dimension_record_counts as c (company_id, scenario_id, dimension_id, records)
         values ($1, $2, $3, $4)
         on conflict (scenario_id, dimension_id) do update set records = c.records + excluded.records`,
        [where.companyId, where.scenarioId, dimensionId, n],
      );
    }
  }
}

/** Whether triggers may be switched off, and whether the record counts must then be written here. */
async function fastPath(tx: Executor): Promise<{ countRecords: boolean } | null> {
  const [role] = await rawQuery<{ superuser: boolean }>(
    tx,
    "select current_setting('is_superuser') = 'on' as superuser",
  );
  if (!role?.superuser) return null;
  // Triggers enabled "origin" (the default) stop firing under replica; "always" and "replica"
  // ones keep firing, and disabled ones fire in neither case.
  const triggers = await rawQuery<{ name: string }>(
    tx,
    `select tgname as name from pg_trigger
      where tgrelid = 'dimension_records'::regclass and not tgisinternal
        and (tgtype & ${TRIGGER_TYPE_INSERT}) <> 0 and tgenabled = 'O'`,
  );
  if (triggers.some((t) => t.name !== RECORD_COUNTER)) return null;
  return { countRecords: triggers.length > 0 };
}
