import type { Database } from "../client.ts";
import { activityRulesRepository } from "./allocation-rules/activity-rules.ts";
import { directRulesRepository } from "./allocation-rules/direct-rules.ts";
import { ruleLookupsRepository } from "./allocation-rules/lookups.ts";
import { pushRulesRepository } from "./allocation-rules/push-rules.ts";
import { allocationSettingsRepository } from "./allocation-rules/settings.ts";
import { sourceRulesRepository } from "./allocation-rules/source-rules.ts";

// The six rule sets of a scenario and its allocation settings. Every function takes the caller's
// company first and filters by it, so another company's ids look like ids that do not exist.
// Ratios are numeric(12,6) and travel as their exact decimal text.
//
// One repository over the parts in allocation-rules/: the lookups of what rules point to
// (lookups.ts), steps 1 and 2 (source-rules.ts), step 3 (direct-rules.ts), step 4
// (activity-rules.ts), steps 5 and 6 (push-rules.ts) and the settings (settings.ts).

export type { ActivityRuleRow } from "./allocation-rules/activity-rules.ts";
export type { DirectRuleRow } from "./allocation-rules/direct-rules.ts";
export type { DimensionDriverItem, DimensionItem, ModelItem } from "./allocation-rules/lookups.ts";
export type { PushRuleRow, PushStep } from "./allocation-rules/push-rules.ts";
export type { SettingsRow } from "./allocation-rules/settings.ts";
export type { SourceRuleRow, SourceRuleStep } from "./allocation-rules/source-rules.ts";

export function allocationRulesRepository(db: Database) {
  return {
    ...ruleLookupsRepository(db),
    ...sourceRulesRepository(db),
    ...directRulesRepository(db),
    ...activityRulesRepository(db),
    ...pushRulesRepository(db),
    ...allocationSettingsRepository(db),
  };
}
