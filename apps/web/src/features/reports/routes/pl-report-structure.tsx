import { Badge, Button, Card, Code, Grid, Group, List, Modal, Select, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCornerDownRight, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { ApiError } from "../../../lib/api-client";
import { useAppContext } from "../../../lib/app-context";
import { moneyText } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useSession } from "../../../lib/use-session";
import { useDeleteReportLine } from "../api/delete-report-line";
import {
  getReportLines,
  REPORT_LINES_KEY,
  type ReportLine,
  useAllReportLines,
} from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { useReportPnl } from "../api/get-report-pnl";
import { useSaveReportLine } from "../api/save-report-line";
import { ReportLineFormFields } from "../components/report-line-form";
import { buildReportLinePayload, lineToForm } from "../components/report-line-payload";

const RULES = [
  "report:plStructure.rules.r1",
  "report:plStructure.rules.r2",
  "report:plStructure.rules.r3",
  "report:plStructure.rules.r4",
];

/**
 * Each line's total over a dimension's records in the latest report run of the selected scenario
 * (report/pnl/ answers the lines with their totals); none without a scenario or a finished run.
 */
function useLineTotals(scenario: number | null, model: number) {
  const dims = useReportOptions("dimensions", model);
  const [chosen, setChosen] = useState<string | null>(null);
  const dimension = chosen ?? dims.data?.[0]?.value ?? null;
  const pnl = useReportPnl(
    scenario && dimension ? { scenario, dimension: Number(dimension), limit: 1, offset: 0 } : null,
  );
  const totals = new Map((pnl.data?.lines ?? []).map((l) => [l.code, l.total]));
  return { dims: dims.data ?? [], dimension, setDimension: setChosen, totals, currency: pnl.data?.currency };
}

function Structure({ model, scenario }: { model: number; scenario: number | null }) {
  const { t, i18n } = useTranslation();
  const run = useLineTotals(scenario, model);
  const { ability } = useSession();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ReportLine | null>(null);
  const remove = useDeleteReportLine();
  const confirmDelete = (line: ReportLine) =>
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
  const all = useAllReportLines(model);
  const save = useSaveReportLine();
  const canEdit = ability.can("manage", "Report") || ability.can("create", "Report");

  return (
    <>
      <PageHeader
        title={t("report:plStructure.title")}
        description={t("report:plStructure.subtitle")}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t("report:plStructure.addLine")}
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Card>
            {scenario !== null && run.dims.length > 0 && (
              <Group mb="sm" gap="sm" align="flex-end">
                <Select
                  label={t("report:plStructure.totalsOf")}
                  data={run.dims}
                  value={run.dimension}
                  onChange={run.setDimension}
                  allowDeselect={false}
                  w={240}
                  size="xs"
                />
                {run.totals.size === 0 && (
                  <Text fz="xs" c="dimmed">
                    {t("report:needCalculation")}
                  </Text>
                )}
              </Group>
            )}
            <ApiTable<ReportLine>
              queryKey={[...REPORT_LINES_KEY, model]}
              fetcher={(p: PageParams) => getReportLines(model, p)}
              defaultSort={[{ id: "rank", desc: false }]}
              emptyTitle={t("common:messages.noResults")}
              emptyDescription={t("report:plStructure.empty")}
              testId="pl-lines-table"
              columns={[
                { id: "rank", header: t("report:plStructure.rank"), sortable: true, kind: "integer" },
                { id: "code", header: t("report:plStructure.code"), sortable: true },
                {
                  id: "description",
                  header: t("report:plStructure.description"),
                  // The list comes in tree order: indent each line by its depth.
                  cell: (l) => (
                    <Group gap={4} wrap="nowrap" style={{ paddingInlineStart: (l.level ?? 0) * 18 }}>
                      {(l.level ?? 0) > 0 && (
                        <IconCornerDownRight size={14} className="cf-flip-rtl" aria-hidden />
                      )}
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
                      {moneyText(run.totals.get(l.code), i18n.language, run.currency)}
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
                              onEdit={() => setEditing(l)}
                              onDelete={() => confirmDelete(l)}
                              editTestId="line-edit"
                            />
                          </Group>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
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
        </Grid.Col>
      </Grid>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t("report:plStructure.addLine")}
        size="lg"
      >
        <ReportLineFormFields
          model={model}
          lines={all.data?.results ?? []}
          saving={save.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(form) =>
            save.mutate(
              { payload: buildReportLinePayload(form, model) },
              {
                onSuccess: () => {
                  setAdding(false);
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
        onClose={() => setEditing(null)}
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
            onCancel={() => setEditing(null)}
            onSubmit={(form) =>
              save.mutate(
                { id: editing.id, payload: buildReportLinePayload(form, model) },
                {
                  onSuccess: () => {
                    setEditing(null);
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

export default function PlReportStructurePage() {
  const ctx = useAppContext();
  return (
    <RequireModel>
      {ctx.model && <Structure model={ctx.model.id} scenario={ctx.scenario?.id ?? null} />}
    </RequireModel>
  );
}
