import { UploadAccepted, type UploadKind, type UploadMode } from "@costflow/contract/uploads";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api-client";
import { UPLOADS_KEY } from "./get-uploads";

export type { UploadKind, UploadMode } from "@costflow/contract/uploads";

interface UploadInput {
  scenario: number;
  kind: UploadKind;
  mode: UploadMode;
  /** Only for RECORDS: the dimension whose records the file holds. */
  dimension?: number;
  file: File;
}

/** POST uploads/ (multipart): the file is stored and processed on the job queue (202). */
function uploadFile(input: UploadInput): Promise<UploadAccepted> {
  const body = new FormData();
  body.set("scenario", String(input.scenario));
  body.set("kind", input.kind);
  body.set("mode", input.mode);
  if (input.kind === "RECORDS" && input.dimension) body.set("dimension", String(input.dimension));
  body.set("file", input.file);
  return apiRequest("uploads/", { method: "POST", body, schema: UploadAccepted });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: UPLOADS_KEY }),
  });
}
