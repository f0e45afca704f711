// Authenticated file downloads: the Bearer token goes in the header, so a plain link cannot be
// used; the answer is saved through an object URL under the name the server gives.
import { ApiError, buildUrl, type QueryValue, refreshAccessToken } from "./api-client";
import { getAccessToken } from "./session";

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The readable name of a Content-Disposition header (RFC 5987 `filename*` first). */
function fileNameOf(disposition: string, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback;
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
  saveBlob(await res.blob(), fileNameOf(res.headers.get("content-disposition") ?? "", fallbackName));
}
