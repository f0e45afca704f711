// The rule form's values, from a list row (UPDATE) or the defaults (CREATE), and the request body
// each step sends (percentage default 100, 0..100, sent as a ratio with six decimals; split
// defaults EVEN for step 4 and NOT_ALLOCATE for steps 5 and 6; steps 5 and 6 send the split as
// their equation: EVEN, NOT_ALLOCATE, DRIVER:<driver> or the formula).

import type { StepNumber } from "../../../lib/api/step-endpoints";
import { DEFAULT_ALLOCATION_PERCENTAGE, DEFAULT_FORMULA } from "../../../lib/constants";
import type { Option } from "../api/get-options";
import type { RuleRow } from "../api/get-step-rules";
import type { RuleType } from "../api/rule-paths";
import { isValidPercentage, percentageToRatio } from "./percentage";

export type SplitType = "EVEN" | "DRIVER" | "FORMULA" | "NOT_ALLOCATE";

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
  const r = row as Record<string, unknown>;
  const split = (r.splitType as SplitType | undefined) ?? base.splitType;
  const common = {
    ...base,
    splitType: split,
    equation: split === "FORMULA" ? String(r.equation ?? DEFAULT_FORMULA) : "",
  };
  switch (step) {
    case 1:
    case 2:
      return {
        ...common,
        source: opt(r.source, `${r.source_ext_id} · ${r.source_name}`),
        destination: opt(r.destination, `${r.destination_ext_id} · ${r.destination_name}`),
        type: r.allocation_type === "DRIVER" ? "DRIVER" : "PERCENTAGE",
        percentage: Number(r.percentage ?? DEFAULT_ALLOCATION_PERCENTAGE),
        driver: opt(r.driver, r.cost_pool_driver_name),
      };
    case 3:
      return {
        ...common,
        source: opt(r.source, `${r.source_ext_id} · ${r.source_name}`),
        destination: opt(r.destination, `${r.destination_ext_id} · ${r.destination_name}`),
        percentage: Number(r.percentage ?? DEFAULT_ALLOCATION_PERCENTAGE),
        tdabcRatio: r.tdabc_ratio === null || r.tdabc_ratio === undefined ? "" : Number(r.tdabc_ratio),
        destinationTdabc: r.destination_is_tdabc === true,
      };
    case 4:
      return {
        ...common,
        source: opt(r.source, r.source_name),
        destination: opt(r.destination, r.destination_name),
        allocationDriver: opt(r.allocationDriver, r.allocation_driver_name),
        description: String(r.description ?? ""),
      };
    case 5:
      return {
        ...common,
        source: opt(r.source_activity, r.source_activity_name),
        parent: opt(r.source_parent, r.source_parent_name),
        destination: opt(r.destination_child, r.destination_child_name),
        allocationDriver: driverFromEquation(r.equation, r.allocationDriver),
      };
    case 6:
      return {
        ...common,
        source: opt(r.source_driver, r.source_driver_name),
        parent: opt(r.source_parent, r.source_parent_name),
        destination: opt(r.destination_child, r.destination_child_name),
        allocationDriver: driverFromEquation(r.equation, r.allocationDriver),
      };
  }
}

/** `DRIVER:<name>` equations name the driver; the id comes with the row. */
function driverFromEquation(equation: unknown, id: unknown): Option | null {
  const text = String(equation ?? "");
  if (!text.startsWith("DRIVER:") || id === null || id === undefined) return null;
  return { value: String(id), label: text.slice("DRIVER:".length), meta: { name: text.slice(7) } };
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
