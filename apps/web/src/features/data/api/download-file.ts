// Authenticated file downloads (CSV, model bundle .zip): the Bearer token goes in the header, so a
// plain link cannot be used; the answer is saved through an object URL.
import { ApiError, apiRequest, buildUrl, type QueryValue, refreshAccessToken } from "../../../lib/api-client";
import { getAccessToken } from "../../../lib/session";

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** A text answer (CSV) saved under `name`; the client's refresh-on-401 applies. */
export async function downloadText(path: string, params: Record<string, QueryValue>, name: string) {
  const text = await apiRequest<string>(path, { params });
  save(new Blob([String(text ?? "")], { type: "text/csv;charset=utf-8" }), name);
}

/** A binary answer; the file name comes from content-disposition when the server sends one. */
export async function downloadBinary(path: string, params: Record<string, QueryValue>, fallbackName: string) {
  const get = (token: string | null) =>
    fetch(buildUrl(path, params), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let res = await get(getAccessToken());
  // An expired access token is refreshed once, as the API client does for its own calls.
  if (res.status === 401) res = await get(await refreshAccessToken());
  if (!res.ok) {
    let body: { code?: string; message?: string } | null = null;
    try {
      body = (await res.json()) as { code?: string; message?: string };
    } catch {
      body = null;
    }
    throw new ApiError(res.status, body as never, res.statusText);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  save(await res.blob(), name);
}
