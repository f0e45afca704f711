import type { UploadDetail } from "@costflow/contract/uploads";
import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useUpload } from "../../../lib/api/get-uploads";
import type { UploadKind } from "../../../lib/api/upload-file";
import { formatDateTime, formatInteger } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MODE_LABELS, UPLOAD_KIND_LABELS } from "../../../lib/upload-kinds";
import { useStopUpload } from "../api/stop-upload";

/** The outcome of one upload process: status, progress, and the errors of the file. */
export default function DimensionUploadCompletePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = Number(params.get("upload"));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data, isLoading, isError } = useUpload(id);

  return (
    <>
      <PageHeader
        title={t("model:software.uploadComplete.title")}
        description={t("model:software.uploadComplete.subtitle")}
      />
      <Card maw={960}>
        {id === null && (
          <EmptyState
            title={t("common:messages.noResults")}
            description={t("model:software.uploadComplete.nothing")}
          >
            <Button component={Link} to="/software/dimension/upload" mt="md">
              {t("model:software.upload.title")}
            </Button>
          </EmptyState>
        )}
        {id !== null && isLoading && <Skeleton h={160} />}
        {id !== null && isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t("common:messages.errorSomethingHappen")}
          </Alert>
        )}
        {data && <UploadSummary data={data} />}
      </Card>
    </>
  );
}

/** The process: file, kind, mode and time, its status and progress, and the file's errors. */
function UploadSummary({ data }: { data: UploadDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const stop = useStopUpload();
  return (
    <Stack gap="md" data-testid="upload-summary">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="md">
            {data.file_name}
          </Title>
          <Text fz="sm" c="dimmed">
            {t("model:software.uploadComplete.line", {
              kind: t(UPLOAD_KIND_LABELS[data.kind as UploadKind] ?? data.kind),
              mode: t(MODE_LABELS[data.mode] ?? data.mode),
              at: formatDateTime(data.requested_at, lang),
            })}
          </Text>
        </Stack>
        <CalculationStatusBadge status={data.status} />
      </Group>
      <Progress
        value={Math.round((data.status === "PROCESSED" ? 1 : data.progress) * 100)}
        animated={data.status === "PROCESSING"}
      />
      <Text fz="sm">
        {t("model:software.uploadComplete.rows", {
          done: formatInteger(data.rows_done, lang),
          total: data.rows_total === null ? "…" : formatInteger(data.rows_total, lang),
          errors: formatInteger(data.errors_count, lang),
        })}
      </Text>
      {data.status === "PROCESSING" && (
        <StopUpload
          stopRequested={data.stop_requested}
          stopping={stop.isPending}
          onStop={() =>
            stop.mutate(data.id, {
              onSuccess: () => notifySuccess(t("common:messages.stoppedSuccessfully")),
              onError: () => notifyError(t("common:messages.failedToStop")),
            })
          }
        />
      )}
      {(data.errors ?? []).length > 0 && <UploadErrors errors={data.errors ?? []} />}
      <Group>
        <Button component={Link} to="/model/scenario/dimensions">
          {t("common:nav.dimensions")}
        </Button>
        <Button component={Link} to="/software/dimension/upload" variant="default">
          {t("model:software.uploadComplete.another")}
        </Button>
      </Group>
    </Stack>
  );
}

/** While the file is processed: what comes next, and stopping it. */
function StopUpload({
  stopRequested,
  stopping,
  onStop,
}: {
  stopRequested: boolean;
  stopping: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group>
      <Text fz="xs" c="dimmed">
        {t("model:software.uploadComplete.next")}
      </Text>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconPlayerStop size={14} aria-hidden />}
        loading={stopping}
        disabled={stopRequested}
        onClick={onStop}
      >
        {t("model:software.uploadComplete.stop")}
      </Button>
    </Group>
  );
}

/** The file's errors by line and column. */
function UploadErrors({ errors }: { errors: NonNullable<UploadDetail["errors"]> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className="cf-table-wrap">
      <Table miw={560} withTableBorder data-testid="upload-errors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("model:software.uploadComplete.lineNo")}</Table.Th>
            <Table.Th>{t("model:software.doc.column")}</Table.Th>
            <Table.Th>{t("model:software.uploadComplete.problem")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: errors have no id; their order is the file's.
            <Table.Tr key={i}>
              <Table.Td className="cf-num">{e.line === null ? "" : formatInteger(e.line, lang)}</Table.Td>
              <Table.Td>
                {/* The column's position and its header name: both locate the cell in the file. */}
                {e.column === null ? "" : formatInteger(e.column, lang)}
                {e.field ? (
                  <Text component="span" fz="xs" c="dimmed" ms={6} dir="ltr">
                    {e.field}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td fz="sm">{e.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
