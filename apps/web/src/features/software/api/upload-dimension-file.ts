import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export type UploadMode = "MERGE" | "APPEND" | "REPLACE";

export interface UploadInput {
  scenario: number;
  dimension: number;
  mode: UploadMode;
  file: File;
}

/** Multipart upload of one dimension's records (modes Merge, Append, Replace). */
export function uploadDimensionFile(input: UploadInput): Promise<unknown> {
  const body = new FormData();
  body.set("scenario", String(input.scenario));
  body.set("dimension", String(input.dimension));
  body.set("mode", input.mode);
  body.set("file", input.file);
  return apiRequest<unknown>("dimension/records/upload/", { method: "POST", body });
}

export function useUploadDimensionFile() {
  return useMutation({ mutationFn: uploadDimensionFile });
}
