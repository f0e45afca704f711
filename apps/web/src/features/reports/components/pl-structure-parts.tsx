// The P&L structure page's pieces (routes/pl-report-structure.tsx): the lines table's columns with
// their delete, the rules card, and the add and edit dialogs (one save call, shared).
import { Badge, Card, Code, Group, List, Modal, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCornerDownRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ColumnSpec } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { ApiError } from "../../../lib/api-client";
import { moneyText } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteReportLine } from "../api/delete-report-line";
import { type ReportLine, useAllReportLines } from "../api/get-report-lines";
import { useSaveReportLine } from "../api/save-report-line";
import { ReportLineFormFields } from "./report-line-form";
import { buildReportLinePayload, lineToForm } from "./report-line-payload";

const RULES = [
  "report:plStructure.rules.r1",
  "report:plStructure.rules.r2",
  "report:plStructure.rules.r3",
  "report:plStructure.rules.r4",
];

function useConfirmDeleteLine() {
  const { t } = useTranslation();
  const remove = useDeleteReportLine();
  return (line: ReportLine) =>
    modals.openConfirmModal({
      title: t("allocation:pl.deleteTitle"),
      children: <Text fz="sm">{t("allocation:pl.deleteConfirm", { code: line.code })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(line.id, {
          onSuccess: () => notifySuccess(t("common:messages.deleteSuccessfully")),
          // A line another line's formula names cannot go: the server says which.
          onError: (error) =>
            notifyError(
              error instanceof ApiError && error.fieldErrors[0] ? error.fieldErrors[0].message : "",
              t("common:messages.deleteFailed"),
            ),
        }),
    });
}

/** The lines table's columns; `totals` are each line's total in the latest run (by code). */
export function useReportLineColumns({
  totals,
  currency,
  canEdit,
  onEdit,
}: {
  totals: Map<string, number>;
  currency: string | null | undefined;
  canEdit: boolean;
  onEdit: (line: ReportLine) => void;
}): ColumnSpec<ReportLine>[] {
  const { t, i18n } = useTranslation();
  const confirmDelete = useConfirmDeleteLine();
  return [
    { id: "rank", header: t("report:plStructure.rank"), sortable: true, kind: "integer" },
    { id: "code", header: t("report:plStructure.code"), sortable: true },
    {
      id: "description",
      header: t("report:plStructure.description"),
      // The list comes in tree order: indent each line by its depth.
      cell: (l) => (
        <Group gap={4} wrap="nowrap" style={{ paddingInlineStart: (l.level ?? 0) * 18 }}>
          {(l.level ?? 0) > 0 && <IconCornerDownRight size={14} className="cf-flip-rtl" aria-hidden />}
          <Text fz="sm" fw={(l.level ?? 0) === 0 ? 600 : 400}>
            {l.description}
          </Text>
        </Group>
      ),
    },
    {
      id: "category",
      header: t("report:plStructure.category"),
      cell: (l) => <Badge variant="light">{l.category}</Badge>,
    },
    {
      id: "factor",
      header: t("report:plStructure.factor"),
      cell: (l) => (l.factor < 0 ? "−1" : "+1"),
    },
    {
      id: "formula",
      header: t("report:plStructure.formula"),
      cell: (l) => (l.category === "FOR" && l.formula ? <Code>{l.formula}</Code> : ""),
    },
    {
      id: "source",
      header: t("allocation:pl.source"),
      cell: (l) => l.activity_name ?? l.calculated_driver_name ?? "",
    },
    {
      id: "total",
      header: t("report:plStructure.total"),
      kind: "currency",
      cell: (l) => (
        <span className="cf-num" data-testid="line-total">
          {moneyText(totals.get(l.code), i18n.language, currency)}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            id: "actions",
            header: t("allocation:form.actions"),
            cell: (l: ReportLine) => (
              <Group gap={4} wrap="nowrap">
                <EditDeleteButtons
                  onEdit={() => onEdit(l)}
                  onDelete={() => confirmDelete(l)}
                  editTestId="line-edit"
                />
              </Group>
            ),
          },
        ]
      : []),
  ];
}

export function PlRules() {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="sm">
        {t("report:plStructure.rulesTitle")}
      </Title>
      <List fz="sm" spacing="xs">
        {RULES.map((r) => (
          <List.Item key={r}>{t(r)}</List.Item>
        ))}
      </List>
      <Text fz="xs" c="dimmed" mt="md">
        {t("report:plStructure.example")}
      </Text>
      <Code block mt={4} style={{ whiteSpace: "pre-wrap" }}>
        {t("report:plStructure.exampleCode")}
      </Code>
    </Card>
  );
}

export function ReportLineModals({
  model,
  adding,
  editing,
  onCloseAdd,
  onCloseEdit,
}: {
  model: number;
  adding: boolean;
  editing: ReportLine | null;
  onCloseAdd: () => void;
  onCloseEdit: () => void;
}) {
  const { t } = useTranslation();
  const all = useAllReportLines(model);
  const save = useSaveReportLine();
  return (
    <>
      <Modal opened={adding} onClose={onCloseAdd} title={t("report:plStructure.addLine")} size="lg">
        <ReportLineFormFields
          model={model}
          lines={all.data?.results ?? []}
          saving={save.isPending}
          onCancel={onCloseAdd}
          onSubmit={(form) =>
            save.mutate(
              { payload: buildReportLinePayload(form, model) },
              {
                onSuccess: () => {
                  onCloseAdd();
                  notifySuccess(t("common:messages.savedSuccessfully"));
                },
                onError: () => notifyError(t("common:messages.saveFailed")),
              },
            )
          }
        />
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={onCloseEdit}
        title={t("allocation:pl.editLine", { code: editing?.code ?? "" })}
        size="lg"
      >
        {editing && (
          <ReportLineFormFields
            key={editing.id}
            model={model}
            lines={all.data?.results ?? []}
            initial={lineToForm(editing)}
            editing={editing.id}
            saving={save.isPending}
            onCancel={onCloseEdit}
            onSubmit={(form) =>
              save.mutate(
                { id: editing.id, payload: buildReportLinePayload(form, model) },
                {
                  onSuccess: () => {
                    onCloseEdit();
                    notifySuccess(t("common:messages.savedSuccessfully"));
                  },
                  onError: () => notifyError(t("common:messages.saveFailed")),
                },
              )
            }
          />
        )}
      </Modal>
    </>
  );
}
