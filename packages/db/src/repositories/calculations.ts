import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculationLogs, calculations } from "../schema/calculations.ts";
import { scenarios } from "../schema/models.ts";
import { users } from "../schema/users.ts";
import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type CalculationRow = typeof calculations.$inferSelect;
export type CalculationView = CalculationRow & { requestedByName: string | null };
export type CalculationLogRow = typeof calculationLogs.$inferSelect;
export type LogLevel = "INFO" | "WARNING" | "ERROR";

// Calculation runs. A request makes one run: its own row (the root, category of what was asked)
// plus one row per further category it refreshes (parent_id = root), all moving through the
// statuses together. Every function takes the caller's company first and filters by it, except
// the reaper, which is the system's own sweep over every company.

const requestedByName = sql<
  string | null
>`nullif(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}), '')`;

/** The rows of one run: the root and its category rows. */
const ofRun = (rootId: number) => or(eq(calculations.id, rootId), eq(calculations.parentId, rootId))!;

export function calculationsRepository(db: Database) {
  async function find(
    companyId: number,
    id: number,
    tx: Executor = db,
  ): Promise<CalculationView | undefined> {
    const [row] = await tx
      .select({ calculation: calculations, requestedByName })
      .from(calculations)
      .leftJoin(users, eq(users.id, calculations.requestedBy))
      .where(and(eq(calculations.companyId, companyId), eq(calculations.id, id)));
    return row && { ...row.calculation, requestedByName: row.requestedByName };
  }

  /**
   * Runs `work` holding the lock of the run's root row. Every change to several rows of a run
   * takes that lock first (the publish transaction too), so two of them never deadlock on the
   * category rows.
   */
  async function withRunLock<T>(
    companyId: number,
    rootId: number,
    work: (tx: Executor) => Promise<T>,
    tx?: Executor,
  ): Promise<T> {
    const run = async (t: Executor) => {
      await t
        .select({ id: calculations.id })
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, rootId)))
        .for("update");
      return work(t);
    };
    return tx ? run(tx) : db.transaction(run);
  }

  return {
    find,

    /** Creates a run REQUESTED: `categories[0]` is the root's, the others become its category rows. */
    async createRun(
      companyId: number,
      run: {
        scenarioId: number;
        categories: readonly string[];
        requestedBy: number | null;
        options: Record<string, unknown>;
      },
    ): Promise<CalculationRow> {
      return db.transaction(async (tx) => {
        const [root] = await tx
          .insert(calculations)
          .values({
            companyId,
            scenarioId: run.scenarioId,
            category: run.categories[0]!,
            requestedBy: run.requestedBy,
            options: run.options,
          })
          .returning();
        const rest = run.categories.slice(1);
        if (rest.length) {
          await tx.insert(calculations).values(
            rest.map((category) => ({
              companyId,
              scenarioId: run.scenarioId,
              category,
              parentId: root!.id,
              requestedBy: run.requestedBy,
              requestedAt: root!.requestedAt,
              options: run.options,
            })),
          );
        }
        return root!;
      });
    },

    async setTaskId(companyId: number, rootId: number, taskId: string | null): Promise<void> {
      await db
        .update(calculations)
        .set({ taskId })
        .where(and(eq(calculations.companyId, companyId), ofRun(rootId)));
    },

    /**
     * Takes a REQUESTED run for a worker: IN_PROGRESS with a lease. Answers the root's status
     * after the attempt (IN_PROGRESS when taken; anything else means: do not run it).
     */
    async claim(companyId: number, rootId: number, leaseSeconds: number): Promise<string | undefined> {
      await withRunLock(companyId, rootId, (tx) =>
        tx
          .update(calculations)
          .set({
            status: "IN_PROGRESS",
            startedAt: sql`now()`,
            leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
            progressMessage: "",
          })
          .where(
            and(eq(calculations.companyId, companyId), ofRun(rootId), eq(calculations.status, "REQUESTED")),
          ),
      );
      return (await find(companyId, rootId))?.status;
    },

    /** Renews the lease (and records progress); answers the root's status (stop requests). */
    async heartbeat(
      companyId: number,
      rootId: number,
      leaseSeconds: number,
      progress?: { fraction: number; message: string },
    ): Promise<string | undefined> {
      await withRunLock(companyId, rootId, (tx) =>
        tx
          .update(calculations)
          .set({
            leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
            ...(progress
              ? {
                  progress: String(Math.min(1, Math.max(0, progress.fraction))),
                  progressMessage: progress.message,
                }
              : {}),
          })
          .where(
            and(
              eq(calculations.companyId, companyId),
              ofRun(rootId),
              inArray(calculations.status, ["IN_PROGRESS", "ATTEMPTING_TO_STOP"]),
            ),
          ),
      );
      const [row] = await db
        .select({ status: calculations.status })
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, rootId)));
      return row?.status;
    },

    /**
     * Ends a run that did not finish: STOPPED, or ERROR with the reason. Only rows still in
     * flight move (a run the reaper already failed stays as it is).
     */
    async end(
      companyId: number,
      rootId: number,
      outcome: { status: "STOPPED" | "ERROR"; error?: { code: string; message: string } | null },
      tx?: Executor,
    ): Promise<void> {
      await withRunLock(
        companyId,
        rootId,
        (t) =>
          t
            .update(calculations)
            .set({
              status: outcome.status,
              finishedAt: sql`now()`,
              leaseUntil: null,
              error: outcome.error ?? null,
              durationMs: sql`(extract(epoch from now() - coalesce(${calculations.startedAt}, ${calculations.requestedAt})) * 1000)::bigint`,
            })
            .where(
              and(
                eq(calculations.companyId, companyId),
                ofRun(rootId),
                inArray(calculations.status, ["REQUESTED", "IN_PROGRESS", "ATTEMPTING_TO_STOP"]),
              ),
            ),
        tx,
      );
    },

    /**
     * Marks rows of the run FINISHED (inside the transaction that wrote their results): those of
     * `categories`, or every row. A run finishes its category rows in turn (steps, then reports).
     */
    async markFinished(
      companyId: number,
      rootId: number,
      tx: Executor,
      categories?: readonly string[],
    ): Promise<void> {
      await tx
        .update(calculations)
        .set({
          status: "FINISHED",
          finishedAt: sql`now()`,
          leaseUntil: null,
          progress: "1",
          durationMs: sql`(extract(epoch from now() - coalesce(${calculations.startedAt}, ${calculations.requestedAt})) * 1000)::bigint`,
        })
        .where(
          and(
            eq(calculations.companyId, companyId),
            ofRun(rootId),
            ...(categories ? [inArray(calculations.category, [...categories, ""])] : []),
          ),
        );
    },

    /** Locks the run's root row and answers its status (the publish transaction's first step). */
    async lockRun(companyId: number, rootId: number, tx: Executor): Promise<string | undefined> {
      const [row] = await tx
        .select({ status: calculations.status })
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, rootId)))
        .for("update");
      return row?.status;
    },

    /**
     * A stop request: the run (whichever of its rows was named) turns ATTEMPTING_TO_STOP when it
     * is still queued or running. Answers the run's root after the request, or undefined.
     */
    async requestStop(
      companyId: number,
      id: number,
    ): Promise<{ root: CalculationView; stopped: boolean } | undefined> {
      const row = await find(companyId, id);
      if (!row) return undefined;
      const rootId = row.parentId ?? row.id;
      const changed = await withRunLock(companyId, rootId, (tx) =>
        tx
          .update(calculations)
          .set({ status: "ATTEMPTING_TO_STOP" })
          .where(
            and(
              eq(calculations.companyId, companyId),
              ofRun(rootId),
              inArray(calculations.status, ["REQUESTED", "IN_PROGRESS"]),
            ),
          )
          .returning({ id: calculations.id }),
      );
      const root = (await find(companyId, rootId))!;
      return { root, stopped: changed.length > 0 };
    },

    async list(
      companyId: number,
      filter: { scenarioId: number; category?: string | undefined; status?: string | undefined },
      page: PageRequest,
    ): Promise<PageResult<CalculationView>> {
      const conditions: SQL[] = [
        eq(calculations.companyId, companyId),
        eq(calculations.scenarioId, filter.scenarioId),
      ];
      if (filter.category) conditions.push(eq(calculations.category, filter.category));
      if (filter.status) conditions.push(eq(calculations.status, filter.status));
      const where = and(...conditions);
      const rows = await db
        .select({ calculation: calculations, requestedByName })
        .from(calculations)
        .leftJoin(users, eq(users.id, calculations.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: calculations.requestedAt,
              started_at: calculations.startedAt,
              finished_at: calculations.finishedAt,
              id: calculations.id,
            },
            "-requested_at",
            calculations.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      const count = await db.$count(calculations, where);
      return { rows: rows.map((r) => ({ ...r.calculation, requestedByName: r.requestedByName })), count };
    },

    /** The company's newest runs as requested (a "calculate all" counts once: its root run). */
    async latestRoots(companyId: number, limit: number): Promise<CalculationRow[]> {
      return db
        .select()
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), isNull(calculations.parentId)))
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(limit);
    },

    /** The newest run row of a category of the scenario, whatever its status. */
    async latest(
      companyId: number,
      scenarioId: number,
      category: string,
    ): Promise<CalculationRow | undefined> {
      const [row] = await db
        .select()
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.scenarioId, scenarioId),
            eq(calculations.category, category),
          ),
        )
        .orderBy(desc(calculations.requestedAt), desc(calculations.id))
        .limit(1);
      return row;
    },

    /** The newest FINISHED row of a category of the scenario (its results are the ones shown). */
    async latestFinished(
      companyId: number,
      scenarioId: number,
      category: string,
      tx: Executor = db,
    ): Promise<CalculationRow | undefined> {
      const [row] = await tx
        .select()
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.scenarioId, scenarioId),
            eq(calculations.category, category),
            eq(calculations.status, "FINISHED"),
          ),
        )
        .orderBy(desc(calculations.finishedAt), desc(calculations.id))
        .limit(1);
      return row;
    },

    /** Roots of the scenario's FINISHED runs, with the categories each still is the latest for. */
    async finishedRuns(
      companyId: number,
      scenarioId: number,
      tx: Executor = db,
    ): Promise<{ rootId: number; category: string; finishedAt: Date | null; id: number }[]> {
      return tx
        .select({
          rootId: sql<number>`coalesce(${calculations.parentId}, ${calculations.id})`.mapWith(Number),
          category: calculations.category,
          finishedAt: calculations.finishedAt,
          id: calculations.id,
        })
        .from(calculations)
        .where(
          and(
            eq(calculations.companyId, companyId),
            eq(calculations.scenarioId, scenarioId),
            eq(calculations.status, "FINISHED"),
          ),
        );
    },

    async addLog(
      companyId: number,
      calculationId: number,
      level: LogLevel,
      detail: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(calculationLogs).values({ companyId, calculationId, level, detail });
    },

    async listLogs(
      companyId: number,
      calculationId: number,
      filter: { level?: string | undefined },
      page: PageRequest,
    ): Promise<PageResult<CalculationLogRow>> {
      const conditions: SQL[] = [
        eq(calculationLogs.companyId, companyId),
        eq(calculationLogs.calculationId, calculationId),
      ];
      if (filter.level) conditions.push(eq(calculationLogs.level, filter.level));
      const where = and(...conditions);
      const rows = await db
        .select()
        .from(calculationLogs)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { at: calculationLogs.at, id: calculationLogs.id },
            "-id",
            calculationLogs.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await db.$count(calculationLogs, where) };
    },

    /**
     * The reaper: runs still IN_PROGRESS (or ATTEMPTING_TO_STOP) past their lease lost their
     * worker; they end in ERROR. Runs without a lease (never claimed) are left alone. A run whose
     * root row is locked is being published (publishRun holds the root for its whole transaction,
     * which at size L outlasts the lease while the heartbeat waits on the lock): its worker is
     * alive, and a dead worker's transaction ends with its connection, so the row is skipped,
     * never waited for (waiting deadlocked with the publish's own update of the run's rows).
     * Answers the roots it failed, for their logs.
     */
    async reapExpired(error: {
      code: string;
      message: string;
    }): Promise<{ companyId: number; rootId: number }[]> {
      const { rows } = (await db.execute(sql`
        with roots as (
          select ${calculations.companyId} as company_id, ${calculations.id} as id from ${calculations}
          where ${calculations.parentId} is null
            and ${calculations.status} in ('IN_PROGRESS', 'ATTEMPTING_TO_STOP')
            and ${calculations.leaseUntil} < now()
          for update skip locked
        )
        update ${calculations} set status = 'ERROR', finished_at = now(), lease_until = null,
          error = ${JSON.stringify(error)}::jsonb
        from roots
        where ${calculations.companyId} = roots.company_id
          and (${calculations.id} = roots.id or ${calculations.parentId} = roots.id)
          and ${calculations.status} in ('IN_PROGRESS', 'ATTEMPTING_TO_STOP')
        returning ${calculations.companyId} as company_id, ${calculations.id} as id,
          ${calculations.parentId} as parent_id`)) as unknown as {
        rows: { company_id: number; id: number; parent_id: number | null }[];
      };
      return rows
        .filter((r) => r.parent_id === null)
        .map((r) => ({ companyId: Number(r.company_id), rootId: Number(r.id) }));
    },

    /**
     * Renews the lease of the run's rows still running, from the moment of the call (not the
     * transaction's start): the end of a publish transaction that held the root longer than the
     * lease while the heartbeat waited.
     */
    async renewLease(companyId: number, rootId: number, leaseSeconds: number, tx: Executor): Promise<void> {
      await tx
        .update(calculations)
        .set({ leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})` })
        .where(
          and(
            eq(calculations.companyId, companyId),
            ofRun(rootId),
            inArray(calculations.status, ["IN_PROGRESS", "ATTEMPTING_TO_STOP"]),
          ),
        );
    },

    /**
     * The scenario's dashboard status from its runs: IN_PROGRESS while one is queued or running,
     * else FINISHED (with the last finish time) once any run finished, else NEW.
     */
    async refreshScenarioStatus(companyId: number, scenarioId: number, tx: Executor = db): Promise<void> {
      const own = and(eq(calculations.companyId, companyId), eq(calculations.scenarioId, scenarioId));
      await tx
        .update(scenarios)
        .set({
          status: sql`case
            when exists (select 1 from ${calculations} where ${own} and ${calculations.status} in ('REQUESTED', 'IN_PROGRESS', 'ATTEMPTING_TO_STOP')) then 'IN_PROGRESS'
            when exists (select 1 from ${calculations} where ${own} and ${calculations.status} = 'FINISHED') then 'FINISHED'
            else 'NEW' end`,
          finishedAt: sql`(select max(${calculations.finishedAt}) from ${calculations} where ${own} and ${calculations.status} = 'FINISHED')`,
        })
        .where(and(eq(scenarios.companyId, companyId), eq(scenarios.id, scenarioId)));
    },

    /** Test and tooling helper: rows of a run, root first. */
    async runRows(companyId: number, rootId: number): Promise<CalculationRow[]> {
      return db
        .select()
        .from(calculations)
        .where(and(eq(calculations.companyId, companyId), ofRun(rootId)))
        .orderBy(sql`${calculations.parentId} nulls first`, calculations.id);
    },
  };
}
