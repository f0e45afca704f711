import { apiRequest } from "../api-client";
import { saveBlob } from "../download";
import type { UploadKind } from "./upload-file";

const FILE_NAMES: Record<Exclude<UploadKind, "RECORDS">, string> = {
  ACCOUNTS: "accounts.csv",
  ACCOUNT_VALUES: "account_values.csv",
  COST_POOLS: "cost_pools.csv",
  POOL_DRIVER_VALUES: "pool_driver_values.csv",
};

/** GET software/templates/{kind}/?model[&dimension]: the header line of that file, saved as CSV. */
export async function downloadTemplate(input: {
  kind: UploadKind;
  model: number;
  dimension?: { id: number; code: string };
}): Promise<void> {
  const text = await apiRequest<string>(`software/templates/${input.kind}/`, {
    params: { model: input.model, dimension: input.kind === "RECORDS" ? input.dimension?.id : undefined },
  });
  const name =
    input.kind === "RECORDS" ? `${input.dimension?.code ?? "records"}.csv` : FILE_NAMES[input.kind];
  saveBlob(new Blob([String(text)], { type: "text/csv;charset=utf-8" }), name);
}
