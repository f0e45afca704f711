// The P&L line save rules: formula only for FOR, activity only for ACT, calculated driver and
// dimension only for DRI (the dimension taken from the chosen driver), parent 0 sent as null.
import type { LineCategory } from "../api/get-report-lines";

export interface ReportLineForm {
  description: string;
  code: string;
  category: LineCategory;
  formula: string;
  factor: number;
  activity: number | null;
  calculated_driver_id: number | null;
  driverDimension: number | null;
  parent: number;
  rank: number;
}

export interface ReportLinePayload {
  description: string;
  code: string;
  category: LineCategory;
  factor: number;
  rank: number;
  parent: number | null;
  model: number;
  formula?: string;
  activity?: number | null;
  calculated_driver_id?: number | null;
  dimension?: number | null;
}

export const EMPTY_LINE: ReportLineForm = {
  description: "",
  code: "",
  category: "ACT",
  formula: "=",
  factor: 1,
  activity: null,
  calculated_driver_id: null,
  driverDimension: null,
  parent: 0,
  rank: 1,
};

export function buildReportLinePayload(form: ReportLineForm, model: number): ReportLinePayload {
  const payload: ReportLinePayload = {
    description: form.description.trim(),
    code: form.code.trim(),
    category: form.category,
    factor: form.factor,
    rank: form.rank,
    parent: form.parent === 0 ? null : form.parent,
    model,
  };
  if (form.category === "FOR") payload.formula = form.formula;
  if (form.category === "ACT") payload.activity = form.activity;
  if (form.category === "DRI") {
    payload.calculated_driver_id = form.calculated_driver_id;
    payload.dimension = form.driverDimension;
  }
  return payload;
}

/** The form values of a saved line (UPDATE mode). */
export function lineToForm(line: {
  description: string;
  code: string;
  category: LineCategory;
  formula: string | null;
  factor: number;
  activity: number | null;
  calculated_driver_id: number | null;
  dimension: number | null;
  parent: number | null;
  rank: number;
}): ReportLineForm {
  return {
    description: line.description,
    code: line.code,
    category: line.category,
    formula: line.category === "FOR" ? (line.formula ?? "=") : "=",
    factor: line.factor,
    activity: line.activity,
    calculated_driver_id: line.calculated_driver_id,
    driverDimension: line.dimension,
    parent: line.parent ?? 0,
    rank: line.rank,
  };
}
