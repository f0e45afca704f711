import type { Database, DatabaseClient } from "@costflow/db/client";
import { appSecretsRepository } from "@costflow/db/repositories/app-secrets";
import { companiesRepository } from "@costflow/db/repositories/companies";
import { companyRequestsRepository } from "@costflow/db/repositories/company-requests";
import { dimensionsRepository } from "@costflow/db/repositories/dimensions";
import { emailOutboxRepository } from "@costflow/db/repositories/email-outbox";
import { modelsRepository } from "@costflow/db/repositories/models";
import { notificationsRepository } from "@costflow/db/repositories/notifications";
import { reportSummaryRepository } from "@costflow/db/repositories/report-summary";
import { resultsRepository } from "@costflow/db/repositories/results";
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
