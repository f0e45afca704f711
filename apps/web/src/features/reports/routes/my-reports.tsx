import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconExternalLink, IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { ApiError } from "../../../lib/api-client";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteSavedReport } from "../api/delete-saved-report";
import { usePdfReports } from "../api/get-pdf-reports";
import { getSavedReports, SAVED_REPORTS_KEY } from "../api/get-saved-reports";
import type { SavedReport } from "../api/report-types";
import { useSaveSavedReport } from "../api/save-saved-report";
import { ExportFilesTable } from "../components/export-files-table";
import { savedReportUrl } from "../components/saved-report-types";

const failed = (e: unknown, fallback: string) =>
  notifyError(e instanceof ApiError && e.messageKey ? e.message : "", fallback);

function SavedReports() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSavedReport();
  const confirmDelete = useConfirmDelete();
  const rename = useRename(save);

  return (
    <>
      <ApiTable<SavedReport>
        queryKey={SAVED_REPORTS_KEY}
        fetcher={getSavedReports}
        searchable
        searchPlaceholder={t("report:myReports.search")}
        defaultSort={[{ id: "updated_at", desc: true }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("report:myReports.savedEmpty")}
        testId="saved-reports-table"
        getRowId={(r) => String(r.id)}
        columns={[
          {
            id: "title",
            header: t("report:save.name"),
            sortable: true,
            cell: (r) => (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => navigate(savedReportUrl(r.type, r.params))}
                rightSection={<IconExternalLink size={14} className="cf-flip-rtl" aria-hidden />}
                data-testid="saved-report-open"
              >
                {r.title}
              </Button>
            ),
          },
          {
            id: "type",
            header: t("report:myReports.type"),
            sortable: true,
            cell: (r) => t(`report:myReports.types.${r.type}`),
          },
          { id: "owner_name", header: t("report:myReports.owner") },
          {
            id: "shared",
            header: t("report:myReports.sharing"),
            cell: (r) => (
              <Sharing
                report={r}
                onShare={(shared) =>
                  save.mutate(
                    { id: r.id, body: { shared } },
                    { onError: (err) => failed(err, t("common:messages.saveFailed")) },
                  )
                }
              />
            ),
          },
          { id: "updated_at", header: t("report:myReports.updated"), sortable: true, kind: "datetime" },
          {
            id: "actions",
            header: t("allocation:form.actions"),
            cell: (r) => (
              <SavedReportActions
                report={r}
                onRename={() => rename.open(r)}
                onDelete={() => confirmDelete(r)}
                onOpen={() => navigate(savedReportUrl(r.type, r.params))}
              />
            ),
          },
        ]}
      />
      <RenameModal rename={rename} saving={save.isPending} />
    </>
  );
}

function useConfirmDelete() {
  const { t } = useTranslation();
  const remove = useDeleteSavedReport();
  return (r: SavedReport) =>
    modals.openConfirmModal({
      title: t("report:myReports.deleteTitle"),
      children: <Text fz="sm">{t("report:myReports.deleteConfirm", { title: r.title })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: () => notifySuccess(t("common:messages.deleteSuccessfully")),
          onError: (e) => failed(e, t("common:messages.deleteFailed")),
        }),
    });
}

/** Its owner shares a report or keeps it private; others see which it is. */
function Sharing({ report: r, onShare }: { report: SavedReport; onShare: (shared: boolean) => void }) {
  const { t } = useTranslation();
  return r.can_edit ? (
    <Switch
      size="xs"
      checked={r.shared}
      label={r.shared ? t("report:myReports.shared") : t("report:myReports.private")}
      onChange={(e) => onShare(e.currentTarget.checked)}
      data-testid="saved-report-share"
    />
  ) : (
    <Badge variant="light" color={r.shared ? "teal" : "gray"}>
      {r.shared ? t("report:myReports.shared") : t("report:myReports.private")}
    </Badge>
  );
}

/** Rename and delete for its owner; open for the others. */
function SavedReportActions({
  report,
  onRename,
  onDelete,
  onOpen,
}: {
  report: SavedReport;
  onRename: () => void;
  onDelete: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return report.can_edit ? (
    <Group gap={4} wrap="nowrap">
      <EditDeleteButtons
        onEdit={onRename}
        onDelete={onDelete}
        editLabel={t("report:myReports.rename")}
        editTestId="saved-report-rename"
      />
    </Group>
  ) : (
    <Tooltip label={t("report:myReports.open")}>
      <ActionIcon variant="subtle" aria-label={t("report:myReports.open")} onClick={onOpen}>
        <IconExternalLink size={16} className="cf-flip-rtl" aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The report being renamed, the title typed and its error; `submit` saves it. */
function useRename(save: ReturnType<typeof useSaveSavedReport>) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<SavedReport | null>(null);
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const open = (r: SavedReport) => {
    setRenaming(r);
    setTitle(r.title);
    setError(null);
  };
  const change = (value: string) => {
    setTitle(value);
    setError(null);
  };
  const submit = () => {
    if (!renaming) return;
    if (title.trim() === "") {
      setError(t("common:validation.required"));
      return;
    }
    save.mutate(
      { id: renaming.id, body: { title: title.trim() } },
      {
        onSuccess: () => {
          setRenaming(null);
          notifySuccess(t("common:messages.savedSuccessfully"));
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === "title") : undefined;
          if (field) setError(field.message);
          else failed(e, t("common:messages.saveFailed"));
        },
      },
    );
  };
  return { renaming, title, error, open, close: () => setRenaming(null), change, submit };
}

function RenameModal({ rename, saving }: { rename: ReturnType<typeof useRename>; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal opened={rename.renaming !== null} onClose={rename.close} title={t("report:myReports.rename")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          rename.submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("report:save.name")}
            value={rename.title}
            onChange={(e) => rename.change(e.currentTarget.value)}
            error={rename.error}
            data-autofocus
            data-testid="saved-report-title"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={rename.close}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={saving} data-testid="saved-report-rename-submit">
              {t("common:actions.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The PDF reports (report/pdf-reports/), each opening in the builder. */
function PdfReports() {
  const { t } = useTranslation();
  const reports = usePdfReports();
  const list = reports.data?.results ?? [];
  if (!list.length) {
    return (
      <Text fz="sm" c="dimmed">
        {t("report:pdf.noBlocks")}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="pdf-reports-list">
      {list.map((r) => (
        <Group key={r.id} justify="space-between">
          <Button
            component={Link}
            to={`/pdf-report?report=${r.id}`}
            variant="subtle"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            {r.title}
          </Button>
          <Text fz="xs" c="dimmed">
            {t(`report:pdf.${r.orientation}`)} · {r.owner_name}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function MyReports({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("report:myReports.title")}
        description={t("report:myReports.subtitle")}
        actions={
          <Button component={Link} to="/pdf-report" leftSection={<IconFileTypePdf size={16} aria-hidden />}>
            {t("report:pdf.title")}
          </Button>
        }
      />
      <Stack gap="lg">
        <Card>
          <Title order={2} fz="md" mb="md">
            {t("report:myReports.saved")}
          </Title>
          <SavedReports />
        </Card>
        <Card>
          <Title order={2} fz="md" mb="md">
            {t("report:myReports.types.PDF")}
          </Title>
          <PdfReports />
        </Card>
        <Card>
          <Title order={2} fz="md" mb="md">
            {t("report:export.downloads")}
          </Title>
          <ExportFilesTable scenario={scenario} emptyDescription={t("report:myReports.empty")} />
        </Card>
      </Stack>
    </>
  );
}

export default function MyReportsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <MyReports scenario={ctx.scenario.id} />}</RequireScenario>;
}
