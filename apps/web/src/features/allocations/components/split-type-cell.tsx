import type { ActivityAllocation } from "@costflow/contract/allocation";

/**
 * The split type of a step 4-6 rule; a DRIVER rule also names its driver (the rule row's
 * allocation_driver_name), which the walkthrough found missing: "Driver" alone says not which.
 */
export function splitTypeCell(
  t: (key: string) => string,
  row: Pick<ActivityAllocation, "splitType" | "allocation_driver_name">,
) {
  const label = t(`allocation:split.${row.splitType}`);
  const driver = row.splitType === "DRIVER" ? row.allocation_driver_name : null;
  if (!driver) return label;
  return (
    <span data-testid="rule-driver">
      {label}: <bdi dir="ltr">{driver}</bdi>
    </span>
  );
}
