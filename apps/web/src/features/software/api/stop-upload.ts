import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { UPLOADS_KEY } from "./get-uploads";

/** POST uploads/{id}/stop: an unfinished process can be stopped. */
export function stopUpload(id: number) {
  return api.post(`uploads/${id}/stop`, {});
}

export function useStopUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopUpload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: UPLOADS_KEY }),
  });
}
