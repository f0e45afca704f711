import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Calculation } from "@costflow/contract/calculation";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { zipSync } from "fflate";
import { expect } from "vitest";
import { API, bearer, eventually } from "../helpers/test-app.ts";

// Helpers of the calculation tests: bundles zipped on the fly and imported through the API, runs
// followed until they end.

export type Call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** A bundle folder as a .zip (files at the root of the archive). */
export function zipFolder(dir: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string, prefix: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else files[`${prefix}${name}`] = readFileSync(path);
    }
  };
  walk(dir, "");
  return zipSync(files);
}

/** POST models/import/ with the bundle as multipart field `file`; answers its model and scenario ids. */
export async function importBundle(
  app: FastifyInstance,
  access: string,
  dir: string,
): Promise<{ model: number; scenario: number }> {
  const boundary = `----costflow${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bundle.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const response = await app.inject({
    method: "POST",
    url: `${API}/models/import/`,
    headers: { ...bearer(access), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, Buffer.from(zipFolder(dir)), tail]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const FINAL = new Set(["FINISHED", "ERROR", "STOPPED"]);

/** Polls a run (by any of its rows' id) until it ends; answers the row. */
export async function waitForRun(
  call: Call,
  scenario: number,
  id: number,
  timeoutMs = 60_000,
): Promise<Calculation> {
  return eventually(async () => {
    const response = await call("GET", `/calculation/calculations/?scenario=${scenario}&limit=100`);
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json().results as Calculation[]).find((c) => c.id === id);
    expect(row, `calculation ${id}`).toBeDefined();
    expect(FINAL.has(row!.status), `status ${row!.status}`).toBe(true);
    return row!;
  }, timeoutMs);
}

/** Every row of a paged list (follows offsets, 100 at a time). */
export async function allRows<T = Record<string, unknown>>(call: Call, path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const sep = path.includes("?") ? "&" : "?";
    const response = await call("GET", `${path}${sep}limit=100&offset=${offset}`);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    const page = response.json();
    rows.push(...page.results);
    if (!page.next) return rows;
  }
}
