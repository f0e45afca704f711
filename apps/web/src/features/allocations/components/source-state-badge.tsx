import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

const COLOR: Record<string, string> = {
  FULLY_ALLOCATED: "teal",
  UNDER_ALLOCATED: "yellow",
  OVER_ALLOCATED: "red",
};

/** A source's state: fully, over or under allocated; null for a time-driven pool. */
export function SourceStateBadge({ state }: { state: string | null | undefined }) {
  const { t } = useTranslation();
  if (!state)
    return (
      <Badge variant="light" color="grape" style={{ minWidth: "max-content" }}>
        {t("allocation:state.TIME_DRIVEN")}
      </Badge>
    );
  return (
    <Badge
      variant="light"
      color={COLOR[state] ?? "gray"}
      data-state={state}
      style={{ minWidth: "max-content" }}
    >
      {t(`allocation:state.${state}`)}
    </Badge>
  );
}
