import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { SOFTWARE_DIMENSIONS_KEY } from "./get-dimensions";

/** DELETE dimensions/{id}/ (its drivers, relationship drivers ending in _ID and transactions go too). */
function deleteDimension(id: number) {
  return api.delete(`dimensions/${id}/`);
}

export function useDeleteDimension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDimension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SOFTWARE_DIMENSIONS_KEY }),
  });
}
