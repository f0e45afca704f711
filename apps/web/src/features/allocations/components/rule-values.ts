// The rule form's values, from a list row (UPDATE) or the defaults (CREATE), and the request body
// each step sends (percentage default 100, 0..100, sent as a ratio with six decimals; split
// defaults EVEN for step 4 and NOT_ALLOCATE for steps 5 and 6; steps 5 and 6 send the split as
// their equation: EVEN, NOT_ALLOCATE, DRIVER:<driver> or the formula).

import type { PushSplitType } from "@costflow/contract/allocation";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { DEFAULT_ALLOCATION_PERCENTAGE } from "../../../lib/constants";
import type { Option } from "../api/get-options";
import type { RuleRow } from "../api/get-step-rules";
import type { RuleType } from "../api/rule-paths";
import { isValidPercentage, percentageToRatio } from "./percentage";

/** A step 4 split (EVEN, DRIVER, FORMULA) or a step 5-6 one (also NOT_ALLOCATE). */
export type SplitType = PushSplitType;

export interface RuleValues {
  source: Option | null;
  destination: Option | null;
  /** Steps 5 and 6: the parent dimension pushing to the child. */
  parent: Option | null;
  type: RuleType;
  percentage: number | string;
  driver: Option | null;
  /** Step 3: minutes per unit for a time-driven activity. */
  tdabcRatio: number | string;
  destinationTdabc: boolean;
  splitType: SplitType;
  allocationDriver: Option | null;
  equation: string;
  description: string;
}

export type RuleErrors = Partial<Record<keyof RuleValues | "form", string>>;

const opt = (id: unknown, label: unknown): Option | null =>
  id === null || id === undefined ? null : { value: String(id), label: String(label ?? id) };

function defaultSplit(step: StepNumber): SplitType {
  return step === 4 ? "EVEN" : "NOT_ALLOCATE";
}

export function initialValues(step: StepNumber, row: RuleRow | null): RuleValues {
  const base: RuleValues = {
    source: null,
    destination: null,
    parent: null,
    type: "PERCENTAGE",
    percentage: DEFAULT_ALLOCATION_PERCENTAGE,
    driver: null,
    tdabcRatio: "",
    destinationTdabc: false,
    splitType: defaultSplit(step),
    allocationDriver: null,
    equation: "",
    description: "",
  };
  if (!row) return base;
  // The row is the step's rule row (contract: allocation.ts); its fields tell which step it is.
  if ("allocation_type" in row)
    // Steps 1 and 2
    return {
      ...base,
      source: opt(row.source, `${row.source_ext_id} · ${row.source_name}`),
      destination: opt(row.destination, `${row.destination_ext_id} · ${row.destination_name}`),
      type: row.allocation_type,
      percentage: row.percentage,
      driver: opt(row.driver, row.cost_pool_driver_name),
    };
  if ("destination_is_tdabc" in row)
    // Step 3
    return {
      ...base,
      source: opt(row.source, `${row.source_ext_id} · ${row.source_name}`),
      destination: opt(row.destination, `${row.destination_ext_id} · ${row.destination_name}`),
      percentage: row.percentage,
      tdabcRatio: row.tdabc_ratio ?? "",
      destinationTdabc: row.destination_is_tdabc,
    };
  const split = {
    splitType: row.splitType,
    equation: row.splitType === "FORMULA" ? row.equation : "",
  };
  if ("source_activity" in row)
    // Step 5
    return {
      ...base,
      ...split,
      source: opt(row.source_activity, row.source_activity_name),
      parent: opt(row.source_parent, row.source_parent_name),
      destination: opt(row.destination_child, row.destination_child_name),
      allocationDriver: driverFromEquation(row.equation, row.allocationDriver),
    };
  if ("source_driver" in row)
    // Step 6
    return {
      ...base,
      ...split,
      source: opt(row.source_driver, row.source_driver_name),
      parent: opt(row.source_parent, row.source_parent_name),
      destination: opt(row.destination_child, row.destination_child_name),
      allocationDriver: driverFromEquation(row.equation, row.allocationDriver),
    };
  // Step 4
  return {
    ...base,
    ...split,
    source: opt(row.source, row.source_name),
    destination: opt(row.destination, row.destination_name),
    allocationDriver: opt(row.allocationDriver, row.allocation_driver_name),
    description: row.description,
  };
}

/** `DRIVER:<name>` equations name the driver; the id comes with the row. */
function driverFromEquation(equation: string, id: number | null): Option | null {
  if (!equation.startsWith("DRIVER:") || id === null) return null;
  const name = equation.slice("DRIVER:".length);
  return { value: String(id), label: name, meta: { name } };
}

/** Client checks; message keys are translated by the form. */
export function validateRule(step: StepNumber, v: RuleValues): RuleErrors {
  const e: RuleErrors = {};
  const required = "common:validation.required";
  if (!v.source) e.source = required;
  if (!v.destination) e.destination = required;
  if (step === 5 && !v.parent) e.parent = required;
  const usesPercentage = step === 3 || ((step === 1 || step === 2) && v.type === "PERCENTAGE");
  if (usesPercentage && (v.percentage === "" || !isValidPercentage(Number(v.percentage))))
    e.percentage = "common:messages.percentageRange";
  if ((step === 1 || step === 2) && v.type === "DRIVER" && !v.driver)
    e.driver = "common:messages.createDriverFirst";
  if (step === 3 && v.destinationTdabc && (v.tdabcRatio === "" || Number(v.tdabcRatio) < 0))
    e.tdabcRatio = required;
  if (step >= 4 && v.splitType === "DRIVER" && !v.allocationDriver) e.allocationDriver = required;
  if (step >= 4 && v.splitType === "FORMULA" && v.equation.trim().length < 2) e.equation = required;
  return e;
}

/** The request body of a CREATE (with the scenario) or an UPDATE. */
export function ruleBody(step: StepNumber, v: RuleValues, scenario: number): Record<string, unknown> {
  const id = (o: Option | null) => (o ? Number(o.value) : null);
  switch (step) {
    case 1:
    case 2:
      return {
        scenario,
        source: id(v.source),
        destination: id(v.destination),
        ...(v.type === "DRIVER"
          ? { driver: id(v.driver) }
          : { ratio: percentageToRatio(Number(v.percentage)), driver: null }),
      };
    case 3:
      return {
        scenario,
        source: id(v.source),
        destination: id(v.destination),
        ratio: percentageToRatio(Number(v.percentage)),
        tdabc_ratio: v.destinationTdabc && v.tdabcRatio !== "" ? Number(v.tdabcRatio) : null,
      };
    case 4:
      return {
        scenario,
        source: id(v.source),
        destination: id(v.destination),
        splitType: v.splitType,
        allocationDriver: v.splitType === "DRIVER" ? id(v.allocationDriver) : null,
        equation: v.splitType === "FORMULA" ? v.equation : null,
        description: v.description.trim(),
      };
    case 5:
      return {
        scenario,
        source_activity: id(v.source),
        source_parent: id(v.parent),
        destination_child: id(v.destination),
        equation: pushEquation(v),
      };
    case 6:
      return {
        scenario,
        source_driver: id(v.source),
        ...(v.parent ? { source_parent: id(v.parent) } : {}),
        destination_child: id(v.destination),
        equation: pushEquation(v),
      };
  }
}

function pushEquation(v: RuleValues): string {
  if (v.splitType === "FORMULA") return v.equation;
  if (v.splitType === "DRIVER")
    return `DRIVER:${String(v.allocationDriver?.meta?.name ?? v.allocationDriver?.label ?? "")}`;
  return v.splitType;
}
