import { type BundleIssue, ModelCreated } from "@costflow/contract/models";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, buildUrl, checkResponse, refreshAccessToken } from "../../../lib/api-client";
import { getAccessToken } from "../../../lib/session";
import { MODELS_KEY } from "./get-models";

export type { BundleIssue };

/** A 400 of an import carries every problem of the bundle, located by file, line and column. */
export class ImportError extends ApiError {
  readonly issues: BundleIssue[];
  readonly truncated: boolean;
  constructor(status: number, body: Record<string, unknown> | null, fallback: string) {
    super(status, body as never, fallback);
    this.issues = Array.isArray(body?.issues) ? (body.issues as BundleIssue[]) : [];
    this.truncated = body?.truncated === true;
  }
}

/**
 * POST models/import/ (multipart, field `file`). Sent with fetch rather than the API client, whose
 * error keeps only the usual body: the issue list of a 400 is read here.
 */
async function importModel(input: { file: File; language: string }): Promise<ModelCreated> {
  const send = (token: string | null) => {
    const body = new FormData();
    body.set("file", input.file);
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": input.language };
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(buildUrl("models/import/"), { method: "POST", body, headers });
  };
  let res = await send(getAccessToken());
  if (res.status === 401) res = await send(await refreshAccessToken());
  const parsed = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new ImportError(res.status, parsed, res.statusText);
  return checkResponse("models/import/", parsed, ModelCreated);
}

export function useImportModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importModel,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MODELS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    },
  });
}
