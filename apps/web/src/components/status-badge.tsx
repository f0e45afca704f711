import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ScenarioStatus } from "../lib/api-types";

const SCENARIO: Record<ScenarioStatus, { label: string; color: string }> = {
  NEW: { label: "common:status.new", color: "blue" },
  IN_PROGRESS: { label: "common:status.inProgress", color: "yellow" },
  FINISHED: { label: "common:status.finished", color: "teal" },
};

export function ScenarioStatusBadge({ status }: { status: ScenarioStatus | string }) {
  const { t } = useTranslation();
  const s = SCENARIO[status as ScenarioStatus] ?? SCENARIO.NEW;
  return (
    <Badge color={s.color} variant="light" data-status={status}>
      {t(s.label)}
    </Badge>
  );
}

const CALCULATION: Record<string, { label: string; color: string }> = {
  REQUESTED: { label: "common:status.requested", color: "gray" },
  IN_PROGRESS: { label: "common:status.inProgress", color: "yellow" },
  STARTED: { label: "common:status.inProgress", color: "yellow" },
  FINISHED: { label: "common:status.finished", color: "teal" },
  ERROR: { label: "common:status.error", color: "red" },
  FAILED: { label: "common:status.error", color: "red" },
  STOPPED: { label: "common:status.stopped", color: "gray" },
  STOPPING: { label: "common:status.stopping", color: "orange" },
  ATTEMPTING_TO_STOP: { label: "common:status.stopping", color: "orange" },
  PROCESSING: { label: "common:status.processing", color: "yellow" },
  PROCESSED: { label: "common:status.processed", color: "teal" },
};

/** Calculation, export and upload statuses: Requested, In Progress, Finished, Error, Stopped, Attempting to stop, Processing, Processed. */
export function CalculationStatusBadge({ status }: { status: string | undefined }) {
  const { t } = useTranslation();
  const s = CALCULATION[(status ?? "").toUpperCase()] ?? CALCULATION.REQUESTED!;
  return (
    <Badge color={s.color} variant="light">
      {t(s.label)}
    </Badge>
  );
}
