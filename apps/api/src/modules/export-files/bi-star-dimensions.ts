import { decodeCopyField } from "@costflow/db/repositories/model-data/copy-text";
import { neutraliseCell } from "../../lib/spreadsheet-cells.ts";
import { c, copyChunks, type StarSource, type StarTable, small } from "./bi-star-columns.ts";
import { Fields, recordDriversCsv } from "./expanded-csv.ts";

// The dimension tables of the BI template (dim_*): the model's master data and the scenario's
// records with their drivers, each with stable keys (database ids).

export function dimAccount({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_account",
    "Financial accounts of the model (the general ledger's lines).",
    [
      c("account_key", "INT64", "Stable key of the account (its id)."),
      c("account_code", "STRING", "Account code (account_ID in uploads)."),
      c("account_name", "STRING", "Account name."),
      c("expense_group", "STRING", "Expense group of the account."),
    ],
    () => repo.accounts(companyId, modelId),
  );
}

export function dimPool({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_pool",
    "Cost pools of the model.",
    [
      c("pool_key", "INT64", "Stable key of the cost pool (its id)."),
      c("pool_code", "STRING", "Cost pool identifier."),
      c("pool_name", "STRING", "Cost pool name."),
      c(
        "is_direct",
        "BOOLEAN",
        "True for a direct pool (allocates to activities in step 3), false for an indirect one (step 2).",
      ),
    ],
    () => repo.pools(companyId, modelId),
  );
}

export function dimActivity({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_activity",
    "Activities of the model, each with the cost pool it belongs to.",
    [
      c("activity_key", "INT64", "Stable key of the activity (its id)."),
      c("activity_code", "STRING", "Activity identifier."),
      c("activity_name", "STRING", "Activity name."),
      c("description", "STRING", "Activity description."),
      c("is_tdabc", "BOOLEAN", "True for a time-driven (TDABC) activity."),
      c("pool_key", "INT64", "The activity's cost pool (dim_pool.pool_key); empty if none."),
    ],
    () => repo.activities(companyId, modelId),
  );
}

export function dimDimension({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_dimension",
    "Dimensions of the model (customers, products, orders …).",
    [
      c("dimension_key", "INT64", "Stable key of the dimension (its id)."),
      c("dimension_code", "STRING", "Dimension code."),
      c("dimension_name", "STRING", "Dimension name."),
      c(
        "parent_dimension_key",
        "INT64",
        "The parent dimension (dim_dimension.dimension_key); empty for a root.",
      ),
    ],
    () => repo.dimensions(companyId, modelId),
  );
}

export function dimPnlLine({ repo, companyId, modelId }: StarSource): StarTable {
  return small(
    "dim_pnl_line",
    "Lines of the P&L report structure.",
    [
      c("line_key", "INT64", "Stable key of the line (its id)."),
      c("line_code", "STRING", "Line code."),
      c("description", "STRING", "Line description."),
      c(
        "category",
        "STRING",
        "ACT (an activity's cost), DRI (a calculated driver), FOR (a formula) or AGG (sum of its children).",
      ),
      c("factor", "INT32", "1 or -1: the sign the line's amounts are given with."),
      c("parent_line_code", "STRING", "Code of the parent line; empty for a root line."),
      c("rank", "INT32", "Order of the line in the report."),
      c("activity_key", "INT64", "ACT lines: the activity (dim_activity.activity_key)."),
      c("dimension_key", "INT64", "The dimension the line is restricted to, if any."),
      c("formula", "STRING", "FOR lines: the formula."),
    ],
    () => repo.pnlLines(companyId, modelId),
  );
}

export function dimRecord({ repo, companyId, scenarioId, dimensionKey }: StarSource): StarTable {
  return {
    name: "dim_record",
    description: "Records of every dimension of the scenario.",
    columns: [
      c("record_key", "INT64", "Stable key of the record (its id)."),
      c("dimension_key", "INT64", "The record's dimension (dim_dimension.dimension_key)."),
      c("identifier", "STRING", "Record identifier."),
    ],
    count: () => repo.countRecords(companyId, scenarioId),
    chunks: () =>
      copyChunks(3, repo.recordLines(companyId, scenarioId), (f, [keys, dims, identifiers]) => {
        keys!.push(Number(f[0]!));
        dims!.push(dimensionKey(f[1]!));
        identifiers!.push(decodeCopyField(f[2]!));
      }),
    csv: () => repo.recordsCsv(companyId, scenarioId),
  };
}

export function dimRecordDriver({ repo, companyId, scenarioId }: StarSource): StarTable {
  return {
    name: "dim_record_driver",
    description: "The drivers (uploaded fields) of every record, one row per record and driver.",
    columns: [
      c("record_key", "INT64", "The record (dim_record.record_key)."),
      c("driver_name", "STRING", "Driver name (the file's column)."),
      c("value", "STRING", "The value as text."),
      c("value_number", "DOUBLE", "The value as a number when it is one; empty otherwise."),
    ],
    count: () => repo.countRecordDrivers(companyId, scenarioId),
    estimate: () => repo.estimateRecordDrivers(companyId, scenarioId),
    chunks: () => {
      const fields = new Fields();
      return copyChunks(4, repo.recordLines(companyId, scenarioId), (f, [keys, names, texts, numbers]) => {
        const json = decodeCopyField(f[3]!);
        if (json === null || json === "{}") return;
        const { count, names: fieldNames, texts: fieldTexts, numbers: fieldNumbers } = fields.read(json);
        const key = count > 0 ? Number(f[0]!) : null;
        for (let i = 0; i < count; i++) {
          keys!.push(key);
          names!.push(fieldNames[i]!);
          texts!.push(fieldTexts[i]!);
          numbers!.push(fieldNumbers[i]!);
        }
      });
    },
    csv: () => recordDriversCsv(repo.recordFieldsCopy(companyId, scenarioId), neutraliseCell),
    csvByThread: true,
  };
}
