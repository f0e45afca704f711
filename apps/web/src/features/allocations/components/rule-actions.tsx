import { Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useTranslation } from "react-i18next";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteRule } from "../api/delete-rule";
import type { RuleRow } from "../api/get-step-rules";

/** Edit and delete (after a confirmation) of one rule row. */
export function RuleActions({
  step,
  row,
  onEdit,
}: {
  step: StepNumber;
  row: RuleRow;
  onEdit: (row: RuleRow) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteRule();
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t("allocation:form.deleteTitle"),
      children: <Text fz="sm">{t("allocation:form.deleteConfirm")}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { step, id: row.id },
          {
            onSuccess: () => notifySuccess(t("common:messages.deleteSuccessfully")),
            onError: () => notifyError(t("common:messages.deleteFailed")),
          },
        ),
    });
  return (
    <Group gap={4} wrap="nowrap">
      <EditDeleteButtons
        onEdit={() => onEdit(row)}
        onDelete={confirmDelete}
        editTestId="rule-edit"
        deleteTestId="rule-delete"
        deleting={remove.isPending}
      />
    </Group>
  );
}
