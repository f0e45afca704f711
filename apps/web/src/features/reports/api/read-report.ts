import { ApiError, api, type QueryValue } from "../../../lib/api-client";

/** Query key prefix of every figure read from the report store (invalidated after a new run). */
export const REPORT_DATA_KEY = ["report", "data"] as const;

/**
 * A report call: null when there is no finished report run (404 'No calculation found'); other
 * failures throw, and the page shows the server's translated message (a 400 names the field).
 */
export async function readReport<T>(path: string, params: Record<string, QueryValue>): Promise<T | null> {
  try {
    return await api.get<T>(path, params);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === "NO_CALCULATION") return null;
    throw error;
  }
}
