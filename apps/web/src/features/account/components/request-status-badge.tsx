import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { RequestStatus } from "../../../lib/api-types";

const MAP: Record<RequestStatus, { label: string; color: string }> = {
  PENDING: { label: "common:status.pending", color: "yellow" },
  ACCEPTED: { label: "common:status.accepted", color: "teal" },
  DECLINED: { label: "common:status.declined", color: "gray" },
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  const s = MAP[status] ?? MAP.PENDING;
  return (
    <Badge variant="light" color={s.color}>
      {t(s.label)}
    </Badge>
  );
}
