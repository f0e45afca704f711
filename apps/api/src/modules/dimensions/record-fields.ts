import type { FieldMap } from "@costflow/contract/dimensions";
import type { DimensionDriver } from "@costflow/db/repositories/dimension-drivers";
import type { FieldValues } from "@costflow/db/repositories/dimension-records";
import type { AppContext } from "../../context.ts";
import { AppError, type FieldProblem } from "../../lib/app-error.ts";

// The values of a record (driverData) or transaction (fields), checked against the dimension's
// drivers: decimals become JSON numbers, dates stay YYYY-MM-DD, relationship drivers must name a
// record of the parent dimension in the same scenario. Every problem is reported at once, each
// naming `<prefix>.<driver>`.

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

interface CheckedFields {
  /** Values to store, by driver name. */
  set: FieldValues;
  /** Drivers whose value is cleared (sent as null). */
  remove: string[];
}

export async function checkRecordFields(
  ctx: AppContext,
  companyId: number,
  scenarioId: number,
  drivers: DimensionDriver[],
  input: FieldMap,
  prefix: "driverData" | "fields",
): Promise<CheckedFields> {
  const byName = new Map(drivers.map((d) => [d.name, d]));
  const problems: FieldProblem[] = [];
  const set: FieldValues = {};
  const remove: string[] = [];
  // Parent identifiers to look up, per target dimension: [driver name, identifier].
  const parents = new Map<number, [string, string][]>();

  for (const [name, raw] of Object.entries(input)) {
    const field = `${prefix}.${name}`;
    const driver = byName.get(name);
    if (!driver) {
      problems.push({ field, reason: "unknown_driver" });
      continue;
    }
    if (raw === null || (typeof raw === "string" && raw.trim() === "")) {
      remove.push(name);
      continue;
    }
    switch (driver.dataType) {
      case "DECI": {
        const value =
          typeof raw === "number" ? raw : DECIMAL.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
        if (Number.isFinite(value)) set[name] = value;
        else problems.push({ field, reason: "invalid_number" });
        break;
      }
      case "DATE":
        if (typeof raw === "string" && isDate(raw.trim())) set[name] = raw.trim();
        else problems.push({ field, reason: "invalid_date" });
        break;
      case "TEXT":
        set[name] = String(raw);
        break;
      case "DIMENSION": {
        const identifier = String(raw).trim();
        set[name] = identifier;
        const list = parents.get(driver.targetDimensionId!) ?? [];
        list.push([name, identifier]);
        parents.set(driver.targetDimensionId!, list);
        break;
      }
    }
  }

  const records = ctx.repos.records;
  for (const [dimensionId, wanted] of parents) {
    const found = await records.existingIdentifiers(
      companyId,
      scenarioId,
      dimensionId,
      wanted.map(([, identifier]) => identifier),
    );
    for (const [name, identifier] of wanted) {
      if (!found.has(identifier)) {
        problems.push({ field: `${prefix}.${name}`, reason: "parent_not_found", values: { identifier } });
      }
    }
  }
  if (problems.length > 0) throw new AppError("VALIDATION_ERROR", problems);
  return { set, remove };
}
