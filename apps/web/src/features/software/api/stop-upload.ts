import { UploadProcess } from "@costflow/contract/uploads";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UPLOADS_KEY } from "../../../lib/api/get-uploads";
import { api } from "../../../lib/api-client";

/** POST uploads/{id}/stop: an unfinished process can be stopped; answers the process. */
function stopUpload(id: number) {
  return api.post(`uploads/${id}/stop`, {}, { schema: UploadProcess });
}

export function useStopUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: UPLOADS_KEY }),
  });
}
