// Errors that end a calculation. The app stores `code`, `message` and `details` in the calculation
// log; `details` names what the user has to fix (rule, record, value, pools, lines, position).

type CalcErrorCode =
  | "UNKNOWN_REFERENCE"
  | "INVALID_PERCENTAGE"
  | "DRIVER_GROUP_PERCENTAGE_MISMATCH"
  | "INVALID_WEIGHT"
  | "INVALID_AMOUNT"
  | "STEP2_SOURCE_NOT_INDIRECT"
  | "STEP2_SELF_ALLOCATION"
  | "STEP2_OVER_ALLOCATED"
  | "RECIPROCAL_CLOSED_LOOP"
  | "RECIPROCAL_SINGULAR"
  | "STEP3_SOURCE_NOT_DIRECT"
  | "TDABC_NON_TDABC_RULE"
  | "TDABC_NO_DRIVER"
  | "TDABC_CAPACITY"
  | "TDABC_UNIT_MINUTES"
  | "STEP4_DUPLICATE_RULE"
  | "PUSH_NO_RELATIONSHIP"
  | "PUSH_DUPLICATE_RULE"
  | "PUSH_CYCLE"
  | "STEP6_DRIVER_UNREACHED"
  | "RELATIONSHIP_CYCLE"
  | "FORMULA_ERROR"
  | "CALCULATED_DRIVER_ORDER"
  | "PNL_CYCLE"
  | "PNL_INVALID_LINE"
  | "CHECK_FAILED";

export class CalcError extends Error {
  readonly code: CalcErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: CalcErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "CalcError";
    this.code = code;
    this.details = details;
  }
}

/** Thrown when `shouldStop()` answered true between two chunks: the run ends Stopped. */
export class CalcStoppedError extends Error {
  readonly step: number;

  constructor(step: number) {
    super(`Calculation stopped on request during step ${step}`);
    this.name = "CalcStoppedError";
    this.step = step;
  }
}
