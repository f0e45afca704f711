// Stopping a running calculation after a confirmation that names when it started and by whom; the
// allocation steps' calculation panel and the calculations page's latest run share it.
import type { Calculation } from "@costflow/contract/calculation";
import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useTranslation } from "react-i18next";
import { useStopCalculation } from "../lib/api/stop-calculation";
import { formatDateTime } from "../lib/format";
import { notifyError, notifySuccess } from "../lib/notify";

/**
 * `open` asks to confirm, then calls `beforeStop` (results shown are cleared) and sends the stop;
 * `textTestId` marks the confirmation's text.
 */
export function useConfirmStopCalculation(
  calc: Calculation | null,
  beforeStop: () => void,
  textTestId?: string,
) {
  const { t, i18n } = useTranslation();
  const stop = useStopCalculation();
  const open = () => {
    if (!calc) return;
    modals.openConfirmModal({
      title: t("model:allocation.cancelTitle"),
      children: (
        <Text fz="sm" data-testid={textTestId}>
          {t("common:messages.cancelCalculationConfirm", {
            time: formatDateTime(calc.started_at ?? calc.requested_at, i18n.language),
            user: calc.requested_by_user ?? "",
          })}
        </Text>
      ),
      labels: { confirm: t("common:actions.confirm"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => {
        beforeStop();
        stop.mutate(calc.calculation_id, {
          onSuccess: () =>
            notifySuccess(t("common:messages.checkStatusShortly"), t("common:messages.stoppedSuccessfully")),
          onError: () => notifyError(t("common:messages.failedToStop")),
        });
      },
    });
  };
  return { open, isPending: stop.isPending };
}
