import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { DatabaseClient } from "@costflow/db/client";
import {
  activities,
  costPoolDrivers,
  costPools,
  dimensionDrivers,
  dimensions,
  financialAccounts,
} from "@costflow/db/schema/model-master-data";
import { accountValues, costPoolDriverValues, dimensionRecords } from "@costflow/db/schema/scenario-data";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { API, bearer, eventually } from "../helpers/test-app.ts";

export interface FilePart {
  name: string;
  content: Buffer | string;
}

/** A multipart/form-data body of text fields and (optionally) one file part named `file`. */
export function multipartBody(fields: Record<string, string | number>, file?: FilePart, fileField = "file") {
  const boundary = `----costflow${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** The same body with the file streamed from disk (for files too big to hold in memory). */
export function streamedMultipart(fields: Record<string, string | number>, name: string, path: string) {
  const boundary = `----costflow${randomBytes(8).toString("hex")}`;
  async function* parts() {
    for (const [key, value] of Object.entries(fields)) {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`);
    }
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        "Content-Type: text/csv\r\n\r\n",
    );
    yield* createReadStream(path, { highWaterMark: 256 * 1024 });
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(parts()),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export type Uploader = ReturnType<typeof uploader>;

/** Upload calls as the holder of `access`. */
export function uploader(app: FastifyInstance, access: string) {
  const upload = (
    fields: Record<string, string | number>,
    file?: FilePart,
    headers: Record<string, string> = {},
  ) => {
    const body = multipartBody(fields, file);
    return app.inject({
      method: "POST",
      url: `${API}/uploads/`,
      headers: { ...bearer(access), ...body.headers, ...headers },
      payload: body.payload,
    });
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url: `${API}${path}`, headers: { ...bearer(access), ...headers } });
  const post = (path: string) =>
    app.inject({ method: "POST", url: `${API}${path}`, headers: bearer(access) });

  /** Waits until the upload is no longer PROCESSING and returns its detail. */
  async function finished(id: number, timeoutMs = 30_000) {
    return eventually(async () => {
      const response = await get(`/uploads/${id}/`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json();
      expect(detail.status).not.toBe("PROCESSING");
      return detail;
    }, timeoutMs);
  }

  /** Uploads, expects 202, and waits for the outcome. */
  async function process(fields: Record<string, string | number>, file: FilePart, timeoutMs?: number) {
    const response = await upload(fields, file);
    expect(response.statusCode, response.body).toBe(202);
    return finished(response.json().id, timeoutMs);
  }

  return { upload, get, post, finished, process };
}

export function expectError(response: LightMyRequestResponse, status: number, code: string, field?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(body.code).toBe(code);
  if (field) expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  return body;
}

/** Master data written straight into the tables (the model-data endpoints are another module's). */
export function modelData(database: DatabaseClient, companyId: number, modelId: number) {
  const db = database.db;
  return {
    async accounts(rows: { code: string; name?: string; expenseGroup?: string }[]) {
      return db
        .insert(financialAccounts)
        .values(rows.map((r) => ({ companyId, modelId, name: "", ...r })))
        .returning();
    },
    async pools(rows: { code: string; name?: string; isDirect?: boolean }[]) {
      return db
        .insert(costPools)
        .values(rows.map((r) => ({ companyId, modelId, name: "", ...r })))
        .returning();
    },
    async poolDrivers(names: string[]) {
      return db
        .insert(costPoolDrivers)
        .values(names.map((name) => ({ companyId, modelId, name })))
        .returning();
    },
    async activity(code: string, costPoolId: number) {
      return db.insert(activities).values({ companyId, modelId, code, name: code, costPoolId }).returning();
    },
    async dimension(code: string, drivers: { name: string; dataType: string; targetDimensionId?: number }[]) {
      const [dimension] = await db
        .insert(dimensions)
        .values({ companyId, modelId, code, name: code })
        .returning();
      if (drivers.length > 0) {
        await db.insert(dimensionDrivers).values(
          drivers.map((d, position) => ({
            companyId,
            dimensionId: dimension!.id,
            name: d.name,
            dataType: d.dataType,
            targetDimensionId: d.targetDimensionId ?? null,
            position,
          })),
        );
      }
      return dimension!;
    },
    async accountRows() {
      return db
        .select({
          code: financialAccounts.code,
          name: financialAccounts.name,
          expenseGroup: financialAccounts.expenseGroup,
        })
        .from(financialAccounts)
        .where(and(eq(financialAccounts.companyId, companyId), eq(financialAccounts.modelId, modelId)))
        .orderBy(asc(financialAccounts.code));
    },
    async poolRows() {
      return db
        .select({ code: costPools.code, name: costPools.name, isDirect: costPools.isDirect })
        .from(costPools)
        .where(and(eq(costPools.companyId, companyId), eq(costPools.modelId, modelId)))
        .orderBy(asc(costPools.code));
    },
    async valueRows(scenarioId: number) {
      return db
        .select({ code: financialAccounts.code, amount: accountValues.amount })
        .from(accountValues)
        .innerJoin(financialAccounts, eq(financialAccounts.id, accountValues.accountId))
        .where(and(eq(accountValues.companyId, companyId), eq(accountValues.scenarioId, scenarioId)))
        .orderBy(asc(financialAccounts.code));
    },
    async driverValueRows(scenarioId: number) {
      return db
        .select({ driver: costPoolDrivers.name, pool: costPools.code, value: costPoolDriverValues.value })
        .from(costPoolDriverValues)
        .innerJoin(costPoolDrivers, eq(costPoolDrivers.id, costPoolDriverValues.driverId))
        .innerJoin(costPools, eq(costPools.id, costPoolDriverValues.poolId))
        .where(
          and(eq(costPoolDriverValues.companyId, companyId), eq(costPoolDriverValues.scenarioId, scenarioId)),
        )
        .orderBy(asc(costPoolDrivers.name), asc(costPools.code));
    },
    async recordRows(scenarioId: number, dimensionId: number) {
      return db
        .select({ identifier: dimensionRecords.identifier, fields: dimensionRecords.fields })
        .from(dimensionRecords)
        .where(
          and(
            eq(dimensionRecords.companyId, companyId),
            eq(dimensionRecords.scenarioId, scenarioId),
            eq(dimensionRecords.dimensionId, dimensionId),
          ),
        )
        .orderBy(asc(dimensionRecords.id));
    },
  };
}
