import type { Database, DatabaseClient } from "@costflow/db/client";
import { accountValuesRepository } from "@costflow/db/repositories/account-values";
import { activitiesRepository } from "@costflow/db/repositories/activities";
import { allocationRulesRepository } from "@costflow/db/repositories/allocation-rules";
import { appSecretsRepository } from "@costflow/db/repositories/app-secrets";
import { biExportRepository } from "@costflow/db/repositories/bi-export";
import { calculatedDriversRepository } from "@costflow/db/repositories/calculated-drivers";
import { calculationsRepository } from "@costflow/db/repositories/calculations";
import { companiesRepository } from "@costflow/db/repositories/companies";
import { companyRequestsRepository } from "@costflow/db/repositories/company-requests";
import { costPoolsRepository } from "@costflow/db/repositories/cost-pools";
import { dimensionDriversRepository } from "@costflow/db/repositories/dimension-drivers";
import { dimensionRecordsRepository } from "@costflow/db/repositories/dimension-records";
import { dimensionsRepository } from "@costflow/db/repositories/dimensions";
import { emailOutboxRepository } from "@costflow/db/repositories/email-outbox";
import { exportFilesRepository } from "@costflow/db/repositories/export-files";
import { financialAccountsRepository } from "@costflow/db/repositories/financial-accounts";
import { modelsRepository } from "@costflow/db/repositories/models";
import { notificationsRepository } from "@costflow/db/repositories/notifications";
import { pdfReportsRepository } from "@costflow/db/repositories/pdf-reports";
import { poolDriversRepository } from "@costflow/db/repositories/pool-drivers";
import { recordTraceRepository } from "@costflow/db/repositories/record-trace";
import { reportDataRepository } from "@costflow/db/repositories/report-data";
import { reportLinesRepository } from "@costflow/db/repositories/report-lines";
import { reportSummaryRepository } from "@costflow/db/repositories/report-summary";
import { resultsRepository } from "@costflow/db/repositories/results";
import { runLifecycle } from "@costflow/db/repositories/run-lifecycle";
import { savedReportsRepository } from "@costflow/db/repositories/saved-reports";
import { uploadsRepository } from "@costflow/db/repositories/uploads";
import { usersRepository } from "@costflow/db/repositories/users";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { JobQueue } from "./jobs/queue.ts";
import { randomToken } from "./lib/secrets.ts";
import { createTokenService, type TokenService } from "./lib/tokens.ts";

/** What services need: configuration, the database and its repositories, tokens, the job queue. */
export interface AppContext {
  config: Config;
  database: DatabaseClient;
  db: Database;
  repos: ReturnType<typeof createRepositories>;
  tokens: TokenService;
  queue: JobQueue;
  log: FastifyBaseLogger;
}

export function createRepositories(db: Database) {
  return {
    users: usersRepository(db),
    companies: companiesRepository(db),
    companyRequests: companyRequestsRepository(db),
    notifications: notificationsRepository(db),
    outbox: emailOutboxRepository(db),
    models: modelsRepository(db),
    secrets: appSecretsRepository(db),
    dimensions: dimensionsRepository(db),
    results: resultsRepository(db),
    reportSummary: reportSummaryRepository(db),
    accounts: financialAccountsRepository(db),
    accountValues: accountValuesRepository(db),
    pools: costPoolsRepository(db),
    poolDrivers: poolDriversRepository(db),
    activities: activitiesRepository(db),
    drivers: dimensionDriversRepository(db),
    records: dimensionRecordsRepository(db),
    calculatedDrivers: calculatedDriversRepository(db),
    exportFiles: exportFilesRepository(db),
    calculations: calculationsRepository(db),
    /** Claim, heartbeat, stop, log, end and reaping of every run in the calculations table. */
    runs: runLifecycle(db),
    uploads: uploadsRepository(db),
    allocationRules: allocationRulesRepository(db),
    reportLines: reportLinesRepository(db),
    reportData: reportDataRepository(db),
    recordTrace: recordTraceRepository(db),
    savedReports: savedReportsRepository(db),
    pdfReports: pdfReportsRepository(db),
    biExport: biExportRepository(db),
  };
}

export async function createContext(
  config: Config,
  database: DatabaseClient,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<AppContext> {
  const repos = createRepositories(database.db);
  // Without JWT_SECRET, a key generated on first start and kept in the database: tokens survive
  // restarts, and every API process of one PostgreSQL database shares it.
  const secret = config.jwtSecret ?? (await repos.secrets.getOrCreate("jwt_secret", randomToken));
  const tokens = createTokenService(secret, {
    accessSeconds: config.accessTokenSeconds,
    refreshSeconds: config.refreshTokenSeconds,
  });
  return { config, database, db: database.db, repos, tokens, queue, log };
}
