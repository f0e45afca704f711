// A small form state hook: values, per-field errors from a zod schema (messages are translation
// keys) and from the API's field errors (already translated by the server).
import { useCallback, useState } from "react";
import type { z } from "zod";
import { ApiError } from "./api-client";

type FormErrors<V> = Partial<Record<keyof V | "form", string>>;

export function useZodForm<V extends Record<string, unknown>>(schema: z.ZodType<V>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});

  const setValue = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => (prev[key] ? { ...prev, [key]: undefined } : prev));
  }, []);

  /** Runs the schema; returns the parsed values or null (errors set, first message key per field). */
  const validate = useCallback((): V | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: FormErrors<V> = {};
    for (const issue of result.error.issues) {
      const key = (issue.path[0] ?? "form") as keyof V | "form";
      if (!next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return null;
  }, [schema, values]);

  /** Shows an API error: field errors on their fields, anything else as a form error. */
  const applyApiError = useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const next: FormErrors<V> = {};
        for (const fe of error.fieldErrors) {
          const key = (fe.field in (initialKeys(values) ?? {}) ? fe.field : "form") as keyof V | "form";
          next[key] = next[key] ? `${next[key]} ${fe.message}` : fe.message;
        }
        setErrors(next);
        return;
      }
      setErrors({
        form: error instanceof ApiError && error.message ? error.message : fallback,
      } as FormErrors<V>);
    },
    [values],
  );

  const reset = useCallback(
    (next?: V) => {
      setValues(next ?? initial);
      setErrors({});
    },
    [initial],
  );

  return { values, setValue, setValues, errors, setErrors, validate, applyApiError, reset };
}

function initialKeys(values: Record<string, unknown>): Record<string, true> {
  return Object.fromEntries(Object.keys(values).map((k) => [k, true]));
}

/** Translate an error that is a translation key (zod) and pass server text through unchanged. */
export function errorText(t: (key: string) => string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]+:[\w.]+$/.test(message) ? t(message) : message;
}
