import type { AccountWithAmount } from "@costflow/db/repositories/financial-accounts";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";

// The accounts CSV files: the template has the upload's columns (the bundle's accounts.csv,
// guide/model-bundle.md); the data file adds the scenario's amounts. Text cells that would run as
// formulas in a spreadsheet are neutralised (lib/spreadsheet-cells.ts).

const ACCOUNT_COLUMNS = ["account_code", "name", "expense_group"] as const;

export function accountTemplateCsv(): string {
  return stringify([[...ACCOUNT_COLUMNS]]);
}

export function accountDataCsv(rows: AccountWithAmount[]): string {
  return stringify([
    [...ACCOUNT_COLUMNS, "amount"],
    ...rows.map((r) => [r.code, r.name, r.expenseGroup, r.amount ?? ""].map(neutraliseCell)),
  ]);
}

/** Sends `csv` as a download named `fileName` (UTF-8 with a BOM, so spreadsheets read accents). */
export function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName.replace(/[^\w.-]+/g, "_")}"`)
    .send(`\uFEFF${csv}`);
}
