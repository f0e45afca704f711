// The results summary (shared/guide/results-summary.md): amounts in major units rounded to the
// currency's minor unit; keys are the bundle's codes.

import type { AllocationStatus } from "../calc/result-types.ts";

export interface SummaryCheck {
  step: number;
  in: number;
  allocated: number;
  unallocated: number;
  not_allocated?: number;
  ok: boolean;
}

export interface SummaryFlow {
  step: 1 | 2 | 3;
  source: string;
  destination: string;
  amount: number;
  reciprocal?: true;
}

export interface SummaryWhale {
  profit_line: string;
  total_profit: number;
  peak_percent?: number;
  peak_at_percent?: number;
  points?: [number, number][];
  note?: string;
}

export interface ResultsSummary {
  currency: string;
  checks: SummaryCheck[];
  accounts?: Record<
    string,
    { amount: number; allocated: number; unallocated: number; status: AllocationStatus }
  >;
  pools?: Record<string, { after_step1: number; total: number; unallocated: number }>;
  flows?: SummaryFlow[];
  tdabc?: Record<
    string,
    {
      capacity: number;
      cost_per_minute: number;
      minutes_used: number;
      unallocated_capacity: number;
      unused_capacity_cost: number;
    }
  >;
  activities?: Record<
    string,
    { cost: number; quantity: number; cost_per_unit?: number; allocated: number; unallocated: number }
  >;
  records?: Record<string, Record<string, { cost: number; unallocated: number }>>;
  calculated_drivers?: Record<string, Record<string, { sum_value: number }>>;
  pnl?: Record<string, Record<string, Record<string, number>>>;
  profit?: Record<string, Record<string, number>>;
  whale?: Record<string, SummaryWhale>;
}
