import type { Database } from "../client.ts";
import { biCsvTablesRepository } from "./bi-export/csv-tables.ts";
import { biModelTablesRepository } from "./bi-export/model-tables.ts";
import { biRunTablesRepository } from "./bi-export/run-tables.ts";

// Reads behind the BI export's star schema (docs/exports.md, "BI template"). Every read names the
// company and the model, scenario or run; the large ones are COPY statements read as they are consumed,
// so the export streams whatever the size. Money is minor units (bigint) as stored.
//
// One repository over the parts in bi-export/: the model's and scenario's tables
// (model-tables.ts), the run's (run-tables.ts), and the large tables as CSV made by the database
// (csv-tables.ts).

export type { Run } from "./bi-export/bi-sql.ts";

export function biExportRepository(db: Database) {
  return {
    ...biModelTablesRepository(db),
    ...biRunTablesRepository(db),
    ...biCsvTablesRepository(db),
  };
}
