import { z } from "zod";
import { Notification } from "./account.ts";
import { Scenario } from "./models.ts";

/** A calculation as listed on the dashboard (a "calculate all" is listed once, by its root run). */
export const DashboardCalculation = z.object({
  id: z.number().int(),
  scenario: z.number().int(),
  category: z.string(),
  status: z.string(),
  requested_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
});

/** GET dashboard/quick-resume/: counts of the selected company and the five latest of each list. */
export const QuickResume = z.object({
  total_scenarios: z.number().int().min(0),
  total_models: z.number().int().min(0),
  reports_to_download: z.number().int().min(0),
  latest_scenarios: z.array(Scenario.extend({ model_name: z.string() })),
  latest_calculations: z.array(DashboardCalculation),
  notifications: z.array(Notification),
});
export type QuickResume = z.infer<typeof QuickResume>;
