import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../client.ts";
import { calculationLogs, calculations } from "../schema/calculations.ts";
import { users } from "../schema/users.ts";

import { orderBy, type PageRequest, type PageResult } from "./paging.ts";

export type LogLevel = "INFO" | "WARNING" | "ERROR";
/** A run's row with the name of who asked for it (first and last name, else the e-mail). */
export type RunView = typeof calculations.$inferSelect & { requestedByName: string | null };

const requestedByName = sql<
  string | null
>`nullif(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}), '')`;
export type CalculationLogRow = typeof calculationLogs.$inferSelect;

/** Statuses of a run still queued or running (a stop may still be asked for). */
export const ACTIVE_RUN_STATUSES = ["REQUESTED", "IN_PROGRESS", "ATTEMPTING_TO_STOP"] as const;
const RUNNING = ["IN_PROGRESS", "ATTEMPTING_TO_STOP"];

/** How a run that did not finish by publishing its results ends. */
export type RunEnd =
  | { status: "FINISHED" }
  | { status: "STOPPED" }
  | { status: "ERROR"; error?: { code: string; message: string } | null };

/** The rows of one run: the root and its category rows (a run of one row is its own root). */
export const ofRun = (rootId: number) => or(eq(calculations.id, rootId), eq(calculations.parentId, rootId))!;

const ownRun = (companyId: number, rootId: number) =>
  and(eq(calculations.companyId, companyId), ofRun(rootId));

const duration = sql`(extract(epoch from now() - coalesce(${calculations.startedAt}, ${calculations.requestedAt})) * 1000)::bigint`;

/**
 * The one lifecycle of a run in the `calculations` table, whoever made it (docs/calculation.md,
 * "Run lifecycle"): a calculation (its root row and one row per category it refreshes, the report
 * phase among them) and a calculated-drivers run (a root alone) are claimed, kept alive, stopped,
 * logged, ended and reaped by the same functions. REQUESTED -> IN_PROGRESS (claim, with a lease)
 * -> FINISHED | STOPPED | ERROR; ATTEMPTING_TO_STOP in between when a stop is asked for. Every
 * change to several rows of a run takes the root's row lock first, so two never deadlock. Every
 * function filters by the caller's company, except the reaper, the system's sweep over all.
 */
export function runLifecycle(db: Database) {
  async function rootStatus(companyId: number, rootId: number, tx: Executor = db) {
    const [row] = await tx
      .select({ status: calculations.status })
      .from(calculations)
      .where(and(eq(calculations.companyId, companyId), eq(calculations.id, rootId)));
    return row?.status;
  }

  /** Runs `work` holding the lock of the run's root row (in `tx`, else in a transaction of its own). */
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
    withRunLock,

    /** One run row of the company (`where` narrows it further, e.g. to a category). */
    async findRun(
      companyId: number,
      id: number,
      where?: SQL,
      tx: Executor = db,
    ): Promise<RunView | undefined> {
      const [row] = await tx
        .select({ calculation: calculations, requestedByName })
        .from(calculations)
        .leftJoin(users, eq(users.id, calculations.requestedBy))
        .where(and(eq(calculations.companyId, companyId), eq(calculations.id, id), where));
      return row && { ...row.calculation, requestedByName: row.requestedByName };
    },

    /** A page of run rows matching `where` (company included by the caller), newest first by default. */
    async listRuns(
      where: SQL | undefined,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<PageResult<RunView>> {
      const rows = await tx
        .select({ calculation: calculations, requestedByName })
        .from(calculations)
        .leftJoin(users, eq(users.id, calculations.requestedBy))
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            {
              requested_at: calculations.requestedAt,
              // Descending puts runs not yet started (null) first: they are the newest.
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
      return {
        rows: rows.map((r) => ({ ...r.calculation, requestedByName: r.requestedByName })),
        count: await tx.$count(calculations, where),
      };
    },

    /**
     * Takes a REQUESTED run for a worker: IN_PROGRESS with a lease. Answers the root's status
     * after the attempt (IN_PROGRESS when taken; ATTEMPTING_TO_STOP: a stop came first, end it;
     * anything else: do not run it).
     */
    async claim(companyId: number, rootId: number, leaseSeconds: number): Promise<string | undefined> {
      await withRunLock(companyId, rootId, (tx) =>
        tx
          .update(calculations)
          .set({
            status: "IN_PROGRESS",
            startedAt: sql`now()`,
            leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
            progressMessage: "",
          })
          .where(and(ownRun(companyId, rootId), eq(calculations.status, "REQUESTED"))),
      );
      return rootStatus(companyId, rootId);
    },

    /** Renews the lease (and records progress); answers the root's status (a stop request shows here). */
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
            leaseUntil: sql`clock_timestamp() + make_interval(secs => ${leaseSeconds})`,
            ...(progress
              ? {
                  progress: Math.min(1, Math.max(0, progress.fraction)).toFixed(4),
                  progressMessage: progress.message,
                }
              : {}),
          })
          .where(and(ownRun(companyId, rootId), inArray(calculations.status, RUNNING))),
      );
      return rootStatus(companyId, rootId);
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
        .where(and(ownRun(companyId, rootId), inArray(calculations.status, RUNNING)));
    },

    /**
     * Ends the run's rows still in flight: FINISHED only from IN_PROGRESS (a stop asked meanwhile
     * wins), STOPPED or ERROR (with the reason) from any active status; rows already ended (a
     * finished phase, a run the reaper failed) stay as they are. Answers whether the root moved.
     */
    async end(companyId: number, rootId: number, outcome: RunEnd, tx?: Executor): Promise<boolean> {
      const from = outcome.status === "FINISHED" ? ["IN_PROGRESS"] : [...ACTIVE_RUN_STATUSES];
      const rows = await withRunLock(
        companyId,
        rootId,
        (t) =>
          t
            .update(calculations)
            .set({
              status: outcome.status,
              finishedAt: sql`now()`,
              leaseUntil: null,
              durationMs: duration,
              ...(outcome.status === "FINISHED" ? { progress: "1" } : {}),
              ...(outcome.status === "ERROR" ? { error: outcome.error ?? null } : {}),
            })
            .where(and(ownRun(companyId, rootId), inArray(calculations.status, from)))
            .returning({ id: calculations.id }),
        tx,
      );
      return rows.some((r) => r.id === rootId);
    },

    /**
     * Marks rows of the run FINISHED (inside the transaction that wrote their results): those of
     * `categories`, or every row. A run finishes its category rows in turn (steps, then reports).
     */
    async markFinished(
      companyId: number,
      rootId: number,
      categories: readonly string[] | undefined,
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(calculations)
        .set({
          status: "FINISHED",
          finishedAt: sql`now()`,
          leaseUntil: null,
          progress: "1",
          durationMs: duration,
        })
        .where(
          and(
            ownRun(companyId, rootId),
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
     * A stop request for the run whose root is `rootId`. A running run turns ATTEMPTING_TO_STOP
     * and its worker ends it at its next check. A queued one either ends STOPPED at once
     * (`queued: "end"`) or turns ATTEMPTING_TO_STOP too, for its job to end with a log line when
     * it is taken (`queued: "signal"`). Answers whether anything changed.
     */
    async requestStop(
      companyId: number,
      rootId: number,
      queued: "end" | "signal",
      tx?: Executor,
    ): Promise<boolean> {
      return withRunLock(
        companyId,
        rootId,
        async (t) => {
          if (queued === "end") {
            const ended = await t
              .update(calculations)
              .set({ status: "STOPPED", finishedAt: sql`now()`, leaseUntil: null })
              .where(and(ownRun(companyId, rootId), eq(calculations.status, "REQUESTED")))
              .returning({ id: calculations.id });
            if (ended.length > 0) return true;
          }
          const stopping = await t
            .update(calculations)
            .set({ status: "ATTEMPTING_TO_STOP" })
            .where(and(ownRun(companyId, rootId), inArray(calculations.status, ["REQUESTED", "IN_PROGRESS"])))
            .returning({ id: calculations.id });
          return stopping.length > 0;
        },
        tx,
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

    /**
     * A run's log lines (of `levels`, or all), a page in `page.ordering` or else `defaultOrdering`
     * (the calculation log lists newest first; the calculated-drivers issues oldest first).
     */
    async listLogs(
      companyId: number,
      calculationId: number,
      filter: { levels?: readonly string[] | undefined },
      page: PageRequest,
      defaultOrdering: "-id" | "at",
      tx: Executor = db,
    ): Promise<PageResult<CalculationLogRow>> {
      const conditions: SQL[] = [
        eq(calculationLogs.companyId, companyId),
        eq(calculationLogs.calculationId, calculationId),
      ];
      if (filter.levels) conditions.push(inArray(calculationLogs.level, [...filter.levels]));
      const where = and(...conditions);
      const rows = await tx
        .select()
        .from(calculationLogs)
        .where(where)
        .orderBy(
          ...orderBy(
            page.ordering,
            { at: calculationLogs.at, id: calculationLogs.id },
            defaultOrdering,
            calculationLogs.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset);
      return { rows, count: await tx.$count(calculationLogs, where) };
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
  };
}
