import { SegmentedControl } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Strategy } from "../../../lib/api/request-calculation";

/** Step 2's strategy for what is left unallocated: leave it, or rebalance it. */
export function StrategyControl({
  value,
  onChange,
  disabled,
}: {
  value: Strategy;
  onChange: (s: Strategy) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      value={value}
      onChange={(v) => onChange(v as Strategy)}
      data={[
        { value: "not_allocate", label: t("model:allocation.strategyNotAllocate") },
        { value: "rebalance", label: t("model:allocation.strategyRebalance") },
      ]}
      disabled={disabled}
      fullWidth
    />
  );
}
