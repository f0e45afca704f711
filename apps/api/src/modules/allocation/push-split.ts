import {
  DEFAULT_PUSH_EQUATION,
  EMPTY_FORMULA,
  type PushSplitType,
  type UpdateDimensionAllocation,
} from "@costflow/contract/allocation";
import type { Executor } from "@costflow/db/client";
import type { DimensionDriverItem } from "@costflow/db/repositories/allocation-rules";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/app-error.ts";
import { checkFormulaInto, isEmptyFormula } from "./formula-problems.ts";
import type { Problems } from "./problems.ts";

// The split of a step-5/6 push is its equation (as in a bundle's rules_step5.csv): NOT_ALLOCATE,
// EVEN, DRIVER:<driver of the child dimension> or a formula over the child's records. splitType and
// allocationDriver are derived from it. A form may send splitType (+ allocationDriver) instead.

interface PushSplit {
  splitType: PushSplitType;
  allocationDriverId: number | null;
  equation: string;
}

type SplitInput = Pick<UpdateDimensionAllocation, "equation" | "splitType" | "allocationDriver">;

export async function resolvePushSplit(
  ctx: AppContext,
  companyId: number,
  child: { id: number; drivers: DimensionDriverItem[]; calculated: string[]; names: string[] },
  input: SplitInput,
  existing: PushSplit | undefined,
  problems: Problems,
  tx: Executor,
): Promise<PushSplit | undefined> {
  let equation: string;
  let field = "equation";
  if (input.equation !== undefined) equation = input.equation.trim();
  else if (input.splitType === "DRIVER") {
    field = "allocationDriver";
    const driverId =
      input.allocationDriver !== undefined
        ? input.allocationDriver
        : existing?.splitType === "DRIVER"
          ? existing.allocationDriverId
          : null;
    if (driverId === null) {
      problems.add(field, "driver_required");
      return undefined;
    }
    const driver = child.drivers.find((d) => d.id === driverId);
    if (!driver) {
      if (!(await ctx.repos.allocationRules.findDimensionDriver(companyId, driverId, tx)))
        throw notFound(field);
      problems.add(field, "driver_not_in_dimension");
      return undefined;
    }
    equation = `DRIVER:${driver.name}`;
  } else if (input.splitType === "FORMULA") {
    equation = existing?.splitType === "FORMULA" ? existing.equation : EMPTY_FORMULA;
  } else if (input.splitType !== undefined) equation = input.splitType;
  else equation = existing?.equation ?? DEFAULT_PUSH_EQUATION;

  const split = parseSplit(equation, child, field, problems);
  if (!split) return undefined;
  if (input.splitType !== undefined && input.splitType !== split.splitType) {
    problems.add("splitType", "invalid_value");
  }
  if (
    input.equation !== undefined &&
    input.allocationDriver != null &&
    input.allocationDriver !== split.allocationDriverId
  ) {
    problems.add("allocationDriver", "invalid_value");
  }
  return split;
}

function parseSplit(
  text: string,
  child: { drivers: DimensionDriverItem[]; calculated: string[]; names: string[] },
  field: string,
  problems: Problems,
): PushSplit | undefined {
  const upper = text.toUpperCase();
  if (upper === "NOT_ALLOCATE" || upper === "EVEN") {
    return { splitType: upper, allocationDriverId: null, equation: upper };
  }
  const driverMatch = /^DRIVER\s*:(.*)$/is.exec(text);
  if (driverMatch) {
    const name = driverMatch[1]!.trim();
    if (name === "") {
      problems.add(field, "driver_required");
      return undefined;
    }
    // By name (as bundles write it); a form may also send the driver's id.
    const driver =
      child.drivers.find((d) => d.name === name) ?? child.drivers.find((d) => String(d.id) === name);
    if (driver) {
      if (driver.dataType !== "DECI") {
        problems.add(field, "not_decimal_driver");
        return undefined;
      }
      return { splitType: "DRIVER", allocationDriverId: driver.id, equation: `DRIVER:${driver.name}` };
    }
    // Calculated drivers may also serve as weights (allocation-semantics.md, fixed choice 6).
    if (child.calculated.includes(name)) {
      return { splitType: "DRIVER", allocationDriverId: null, equation: `DRIVER:${name}` };
    }
    problems.add(field, "driver_not_in_dimension");
    return undefined;
  }
  if (text.startsWith("=")) {
    if (isEmptyFormula(text))
      return { splitType: "FORMULA", allocationDriverId: null, equation: EMPTY_FORMULA };
    const check = checkFormulaInto(problems, field, text, child.names);
    return check.ok ? { splitType: "FORMULA", allocationDriverId: null, equation: text } : undefined;
  }
  problems.add(field, "invalid_split");
  return undefined;
}
