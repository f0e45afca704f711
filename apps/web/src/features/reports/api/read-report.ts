import type { ZodType } from "zod";
import { ApiError, api, type QueryValue } from "../../../lib/api-client";

/** Query key prefix of every figure read from the report store (invalidated after a new run). */
export const REPORT_DATA_KEY = ["report", "data"] as const;

/**
 * A report call: null when there is no finished report run (404 'No calculation found'); other
 * failures throw, and the page shows the server's translated message (a 400 names the field). The
 * answer is checked against its contract schema in development builds.
 */
export async function readReport<T>(
  path: string,
  params: Record<string, QueryValue>,
  schema: ZodType<T>,
): Promise<T | null> {
  try {
    return await api.get(path, params, { schema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === "NO_CALCULATION") return null;
    throw error;
  }
}
