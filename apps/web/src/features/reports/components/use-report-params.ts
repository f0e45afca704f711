import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * A report page's filters live in the URL: a link or a saved report ("My reports") reopens the
 * page exactly as it was, and `values` is what 'Save report' stores.
 */
export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key), [params]);
  const num = useCallback(
    (key: string): number | null => {
      const v = Number(params.get(key));
      return params.get(key) !== null && Number.isInteger(v) && v > 0 ? v : null;
    },
    [params],
  );
  const set = useCallback(
    (patch: Record<string, string | number | null | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === undefined || v === "") next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const values: Record<string, string> = Object.fromEntries(params.entries());
  return { get, num, set, values };
}
