// The dimension manager: the hierarchy (get-dimensions-page-data), dimensions and their drivers
// (spec 7 "Dimensions"; deletes per spec 4: a dimension's drivers go with their _ID drivers and records).
import type {
  CreateDimensionDriver,
  Dimension,
  DimensionDriver,
  DimensionNode,
  UpdateDimensionDriver,
} from "@costflow/contract/dimensions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { DIMENSION_RECORDS_KEY } from "./get-dimension-records";
import { DIMENSIONS_KEY } from "./get-dimensions";

export type { DimensionNode };

/** GET dimensions/get-dimensions-page-data/?model&scenario: roots with their descendants. */
export function useDimensionTree(model: number, scenario: number) {
  return useQuery({
    queryKey: [...DIMENSIONS_KEY, "tree", model, scenario],
    queryFn: () =>
      api.get<{ dimensions: DimensionNode[]; count: number }>("dimensions/get-dimensions-page-data/", {
        model,
        scenario,
      }),
  });
}

function useInvalidateDimensions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: DIMENSIONS_KEY }),
      queryClient.invalidateQueries({ queryKey: DIMENSION_RECORDS_KEY }),
    ]);
}

export interface DimensionInput {
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
      return id ? api.patch<Dimension>(`dimensions/${id}/`, body) : api.post<Dimension>("dimensions/", body);
    },
    onSuccess: invalidate,
  });
}

/** DELETE dimensions/{id}/: its drivers, records and calculated drivers go; children become roots. */
export function useDeleteDimension() {
  const invalidate = useInvalidateDimensions();
  return useMutation({ mutationFn: (id: number) => api.delete(`dimensions/${id}/`), onSuccess: invalidate });
}

/** POST dimension/drivers/ (a DIMENSION driver is named <TARGET_CODE>_ID by the server). */
export function useCreateDriver() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (body: CreateDimensionDriver) => api.post<DimensionDriver>("dimension/drivers/", body),
    onSuccess: invalidate,
  });
}

/** GET dimension/drivers/{id}/: one driver with its label and target (for its edit form). */
export function useDimensionDriver(id: number | null) {
  return useQuery({
    queryKey: ["dimension-driver", id],
    queryFn: () => api.get<DimensionDriver>(`dimension/drivers/${id}/`),
    enabled: id !== null,
  });
}

/** PATCH dimension/drivers/{id}/: label, P&L flag and (unless a formula reads it) the name. */
export function useUpdateDriver() {
  const invalidate = useInvalidateDimensions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDimensionDriver & { id: number }) =>
      api.patch<DimensionDriver>(`dimension/drivers/${id}/`, body),
    onSuccess: (driver) => {
      queryClient.removeQueries({ queryKey: ["dimension-driver", driver.id] });
      return invalidate();
    },
  });
}

/** DELETE dimension/drivers/{id}/: the driver and its values in every record. */
export function useDeleteDriver() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (id: number) => api.delete(`dimension/drivers/${id}/`),
    onSuccess: invalidate,
  });
}

/** DELETE dimension/drivers/?dimension&confirm=true: every driver, its _ID drivers and its records. */
export function useDeleteAllDrivers() {
  const invalidate = useInvalidateDimensions();
  return useMutation({
    mutationFn: (dimension: number) =>
      api.delete<{ drivers: number; relationship_drivers: number; records: number }>(
        `dimension/drivers/?dimension=${dimension}&confirm=true`,
      ),
    onSuccess: invalidate,
  });
}
