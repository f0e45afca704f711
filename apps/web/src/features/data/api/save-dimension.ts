import { Dimension } from "@costflow/contract/dimensions";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useInvalidateDimensions } from "./invalidate-dimensions";

interface DimensionInput {
  id?: number;
  model: number;
  title: string;
  code: string;
  pid: number | null;
}

/** POST dimensions/ or PATCH dimensions/{id}/ (an empty code lets the server derive it). */
export function useSaveDimension() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: ({ id, code, ...rest }: DimensionInput) => {
      const body = code.trim() ? { ...rest, code: code.trim() } : rest;
      return id
        ? api.patch(`dimensions/${id}/`, body, { schema: Dimension })
        : api.post("dimensions/", body, { schema: Dimension });
    },
    onSuccess: invalidate,
  });
}
