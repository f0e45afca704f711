// A whole model with one scenario as rows keyed by codes (the bundle's natural keys), as
// insertModelRows writes it. Numbers of numeric columns are exact decimal text.

export interface ModelInput {
  model: { name: string; shortDescription: string; authorId: number | null };
  scenario: { name: string; description: string; currency: string; periodFrom: string; periodTo: string };
  accounts: { code: string; name: string; expenseGroup: string }[];
  accountValues: { account: string; amount: string }[];
  pools: { code: string; name: string; isDirect: boolean }[];
  poolDrivers: { name: string; isTdabc: boolean }[];
  poolDriverValues: { driver: string; pool: string; value: string }[];
  activities: { code: string; name: string; pool: string | null; isTdabc: boolean }[];
  dimensions: { code: string; name: string; parent: string | null }[];
  /** dataType as stored: DECI, TEXT, DATE, DIMENSION (then `target` names the target dimension). */
  dimensionDrivers: { dimension: string; name: string; dataType: string; target: string | null }[];
  calculatedDrivers: { dimension: string; name: string; formula: string; isPnlLine: boolean }[];
  step1: { account: string; pool: string; type: string; ratio: string; driver: string | null }[];
  step2: { source: string; destination: string; type: string; ratio: string; driver: string | null }[];
  step3: { pool: string; activity: string; ratio: string; tdabcRatio: string | null }[];
  /** driver: a driver of the destination dimension; when it is not one (a calculated driver), put DRIVER:<name> in equation. */
  step4: {
    activity: string;
    dimension: string;
    splitType: string;
    driver: string | null;
    equation: string;
  }[];
  step5: PushInput[];
  /** sourceDimension: the dimension of the pushed driver (the parent unless a chain brings it). */
  step6: (Omit<PushInput, "activity"> & { calculatedDriver: string; sourceDimension?: string })[];
  pnlLines: {
    code: string;
    description: string;
    category: string;
    activity: string | null;
    calculatedDriver: string | null;
    dimension: string | null;
    formula: string;
    factor: number;
    parent: string | null;
    rank: number;
  }[];
  settings: { step2Strategy: string; profitLine: string | null };
}

/** A push of step 5 or 6: split_type, the child's driver for DRIVER splits, the equation text. */
export interface PushInput {
  activity: string;
  parentDimension: string;
  childDimension: string;
  splitType: string;
  driver: string | null;
  equation: string;
}
