import {
  ActivityResultPage,
  ActivityResultQuery,
  AggregatedResultQuery,
  AllocationResultPage,
  AllocationResultQuery,
  CalculatedDriverResultQuery,
  DestinationResultPage,
  DestinationResultQuery,
  DimensionRecordPage,
  DimensionRecordQuery,
  PushResultPage,
  PushResultQuery,
  RecordResultPage,
  ResultsSummary,
  Sankey,
  ScenarioResultQuery,
  SourceResultPage,
  SourceResultQuery,
  TimeDrivenResultPage,
  TimeDrivenResultQuery,
  ValidationReport,
} from "@costflow/contract/calculation";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { toPage } from "../../lib/pagination.ts";
import type { RouteApp } from "../../lib/route-app.ts";
import { bearer, errorResponses } from "../../lib/route-schemas.ts";
import { tenantOf } from "../../plugins/access.ts";
import { stepCategory } from "./categories.ts";
import { readResultsSummary, readSankey, readValidationReport } from "./read-run-reports.ts";
import {
  activityLineRows,
  aggregatedRows,
  allocationRows,
  destinationRows,
  dimensionRecordRows,
  type PushView,
  pushRows,
  resolveRun,
  resolveStepSixRun,
  sourceRows,
  timeDrivenRows,
} from "./result-services.ts";

/**
 * The result views of the six steps and the report data of a scenario (docs/calculation.md,
 * "Result views and their parameters").
 * Each reads the latest FINISHED run of its category; none answers 404 NO_CALCULATION.
 */
export function calculationResultRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerAllocationResults(app, ctx);
    registerActivityResults(app, ctx);
    registerDimensionResults(app, ctx);
    registerCalculatedDriverResults(app, ctx);
    registerRunReports(app, ctx);
  };
}

const tags = ["calculation results"];
const read = { access: { action: "read", subject: "Calculation" } } as const;
const identity = <T>(row: T) => row;

/**
 * The registrar of one step's result views on `app`: each is a GET whose run is resolved from
 * ?scenario and the step's category.
 */
function stepViews(app: RouteApp, ctx: AppContext) {
  return function view<
    Q extends z.ZodType<{ scenario: number; limit: number; offset: number }>,
    R extends z.ZodType,
  >(
    path: string,
    step: number,
    summary: string,
    querystring: Q,
    response: R,
    rows: (
      ref: Awaited<ReturnType<typeof resolveRun>>,
      query: z.infer<Q>,
    ) => Promise<{ rows: unknown[]; count: number; totals?: Record<string, number> }>,
  ) {
    // Typed by the zod schemas at run time; the generic wrapper keeps the compiler out of it.
    (app as unknown as FastifyInstance).get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary,
          security: bearer,
          querystring,
          response: { 200: response, ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query as z.infer<Q>;
        const ref = await resolveRun(ctx, tenantOf(request), query.scenario, stepCategory(step));
        const result = await rows(ref, query);
        // Result pages carry the totals of their adding columns over the whole filtered set.
        return {
          ...toPage(request, result, query, identity),
          ...(result.totals ? { totals: result.totals } : {}),
        };
      },
    );
  };
}

/** Steps 1-3: accounts → pools → activities, by row, source and destination. */
function registerAllocationResults(app: RouteApp, ctx: AppContext) {
  const view = stepViews(app, ctx);
  for (const [step, base] of [
    [1, "account-results"],
    [2, "indirect-results"],
    [3, "direct-results"],
  ] as const) {
    view(
      `/calculation/${base}`,
      step,
      `Step ${step} rows`,
      AllocationResultQuery,
      AllocationResultPage,
      (ref, q) => allocationRows(ctx, ref, step, q),
    );
    view(
      `/calculation/${base}/by-source`,
      step,
      `Step ${step} by source`,
      SourceResultQuery,
      SourceResultPage,
      (ref, q) => sourceRows(ctx, ref, step, q),
    );
    view(
      `/calculation/${base}/by-destination`,
      step,
      `Step ${step} by destination`,
      DestinationResultQuery,
      DestinationResultPage,
      (ref, q) => destinationRows(ctx, ref, step, q),
    );
  }
  view(
    "/calculation/direct-results/time-driven",
    3,
    "Step 3 time-driven rows (TDABC pools only)",
    TimeDrivenResultQuery,
    TimeDrivenResultPage,
    (ref, q) => timeDrivenRows(ctx, ref, q),
  );
}

/** Step 4: activities → dimension records. */
function registerActivityResults(app: RouteApp, ctx: AppContext) {
  const view = stepViews(app, ctx);
  view(
    "/calculation/activity-results",
    4,
    "Step 4 by activity; with ?source=<activity> (and ?dimension) the by-line rows of its allocation",
    ActivityResultQuery,
    ActivityResultPage,
    (ref, q) =>
      q.source === undefined
        ? sourceRows(ctx, ref, 4, q as never)
        : activityLineRows(ctx, ref, { ...q, source: q.source }),
  );
  view(
    "/calculation/activity-results/by-source",
    4,
    "Step 4 by activity",
    SourceResultQuery,
    SourceResultPage,
    (ref, q) => sourceRows(ctx, ref, 4, q),
  );
  view(
    "/calculation/activity-results/by-destination",
    4,
    "Step 4 by dimension",
    DestinationResultQuery,
    DestinationResultPage,
    (ref, q) => destinationRows(ctx, ref, 4, q),
  );
  view(
    "/calculation/activity-results/get-aggregated",
    4,
    "Step 4 per record, summed over activities",
    AggregatedResultQuery,
    RecordResultPage,
    (ref, q) => aggregatedRows(ctx, ref, q),
  );
}

/** Step 5: cost per record and its pushes between parent and child dimensions. */
function registerDimensionResults(app: RouteApp, ctx: AppContext) {
  const view = stepViews(app, ctx);
  view(
    "/calculation/dimension-results",
    5,
    "Cost per record after steps 4 and 5",
    DimensionRecordQuery,
    DimensionRecordPage,
    (ref, q) => dimensionRecordRows(ctx, ref, q),
  );
  const pushViews: [string, PushView, string][] = [
    ["get-parent-to-child-rows", "parentToChild", "parent to child"],
    ["get-child-to-parent-rows", "childToParent", "child to parent"],
    ["by-line", "byLine", "by line"],
    ["dimension-results-unallocated", "unallocated", "unallocated"],
  ];
  for (const [path, kind, label] of pushViews) {
    view(
      `/calculation/dimension-results/${path}`,
      5,
      `Step 5, ${label}`,
      PushResultQuery,
      PushResultPage,
      (ref, q) => pushRows(ctx, ref, 5, kind, q),
    );
  }
}

/** Step 6: the calculated drivers' pushes; may read one run by ?calculation. */
function registerCalculatedDriverResults(app: RouteApp, ctx: AppContext) {
  const step6 = (path: string, kind: PushView, summary: string) =>
    app.get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary,
          security: bearer,
          querystring: CalculatedDriverResultQuery,
          response: { 200: PushResultPage, ...errorResponses },
        },
      },
      async (request) => {
        const query = request.query;
        const ref = await resolveStepSixRun(ctx, tenantOf(request), query, stepCategory(6));
        const result = await pushRows(ctx, ref, 6, kind, query);
        return {
          ...toPage(request, result, query, identity),
          totals: { amount: result.totals.amount ?? 0 },
        };
      },
    );
  step6(
    "/calculation/calculated-driver-results",
    "lines",
    "Step 6 rows (filters category, source_driver, dimension)",
  );
  step6(
    "/calculation/calculated-driver-results/get-parent-to-child-rows",
    "parentToChild",
    "Step 6, parent to child",
  );
  step6(
    "/calculation/calculated-driver-results/get-child-to-parent-rows",
    "childToParent",
    "Step 6, child to parent",
  );
  step6("/calculation/calculated-driver-results-unallocated", "unallocated", "Step 6, unallocated");
}

/** Report data of the latest run that covered the reports. */
function registerRunReports(app: RouteApp, ctx: AppContext) {
  app.get(
    "/calculation/summary",
    {
      config: read,
      schema: {
        tags,
        summary: "The results summary (shared/guide/results-summary.md) of the latest calculated reports",
        security: bearer,
        querystring: ScenarioResultQuery,
        response: { 200: ResultsSummary, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ref = await resolveRun(ctx, tenantOf(request), request.query.scenario, "REPORTS");
      const acceptsGzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
      reply.type("application/json");
      const { body, gzipped } = await readResultsSummary(ctx, ref, acceptsGzip);
      if (gzipped) reply.header("content-encoding", "gzip");
      return reply.send(body as never);
    },
  );

  app.get(
    "/calculation/validation-report",
    {
      config: read,
      schema: {
        tags,
        summary: "Conservation per step, reconciliation to the GL total and the data issues with links",
        security: bearer,
        querystring: ScenarioResultQuery,
        response: { 200: ValidationReport, ...errorResponses },
      },
    },
    async (request) => readValidationReport(ctx, tenantOf(request), request.query.scenario),
  );

  app.get(
    "/calculation/sankey",
    {
      config: read,
      schema: {
        tags,
        summary: "Money from accounts through pools and activities to dimensions",
        security: bearer,
        querystring: ScenarioResultQuery,
        response: { 200: Sankey, ...errorResponses },
      },
    },
    async (request) => readSankey(ctx, tenantOf(request), request.query.scenario),
  );
}
