import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { DropzoneIcons } from "../../../components/dropzone-icons";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { downloadTemplate } from "../../../lib/api/download-template";
import { getUploads, UPLOADS_KEY, type UploadProcess } from "../../../lib/api/get-uploads";
import { type UploadKind, type UploadMode, useUploadFile } from "../../../lib/api/upload-file";
import { ApiError } from "../../../lib/api-client";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { MODE_LABELS, UPLOAD_KIND_LABELS } from "../../../lib/upload-kinds";
import { isAcceptedUpload, MAX_UPLOAD_BYTES } from "../../../lib/upload-rules";
import { getDimensions, SOFTWARE_DIMENSIONS_KEY } from "../api/get-dimensions";

const ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};
const KINDS = Object.keys(UPLOAD_KIND_LABELS) as UploadKind[];

/** Sends the file; once received, its upload page follows it (/software/dimension/upload/complete). */
function useSendUpload() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadFile();
  const mutate = (params: Parameters<typeof upload.mutate>[0]) =>
    upload.mutate(params, {
      onSuccess: (res) => {
        notifySuccess(
          res?.message || t("common:messages.processFileRequested"),
          t("common:messages.fileReceived"),
        );
        navigate(`/software/dimension/upload/complete?upload=${res.id}`);
      },
      onError: (error) =>
        notifyError(
          error instanceof ApiError && error.message ? error.message : t("common:messages.pleaseTryAgain"),
          t("common:messages.impossibleToUpload"),
        ),
    });
  return { mutate, isPending: upload.isPending };
}

function Upload({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const sendUpload = useSendUpload();
  const dims = useQuery({
    queryKey: [...SOFTWARE_DIMENSIONS_KEY, model, "options"],
    queryFn: () => getDimensions(model, { limit: 100, offset: 0 }),
  });
  const options = (dims.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }));
  const [kind, setKind] = useState<UploadKind>("RECORDS");
  const [dimension, setDimension] = useState<string | null>(null);
  const [mode, setMode] = useState<UploadMode>("MERGE");
  const [file, setFile] = useState<File | null>(null);
  const needsDimension = kind === "RECORDS";
  const ready = file !== null && (!needsDimension || dimension !== null);

  const send = () => {
    if (!file || !ready) return;
    sendUpload.mutate({
      scenario,
      kind,
      mode,
      file,
      dimension: needsDimension ? Number(dimension) : undefined,
    });
  };

  return (
    <>
      <PageHeader
        title={t("model:software.upload.title")}
        description={t("model:software.upload.subtitle")}
        actions={
          <Button component={Link} to="/software/docStructure" variant="default">
            {t("model:software.doc.title")}
          </Button>
        }
      />
      <Card mb="lg">
        <Stack gap="md">
          <UploadTarget
            kind={kind}
            onKind={setKind}
            dimension={dimension}
            onDimension={setDimension}
            options={options}
          />
          <UploadModeChoice mode={mode} onMode={setMode} />
          <UploadDropzone file={file} onFile={setFile} />
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={needsDimension && dimension === null}
              onClick={() => {
                const dim = dims.data?.results.find((d) => String(d.id) === dimension);
                requestTemplate(kind, model, dim ? { id: dim.id, code: dim.code } : undefined);
              }}
            >
              {t("model:software.upload.template")}
            </Button>
            <Button
              onClick={send}
              disabled={!ready}
              loading={sendUpload.isPending}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("common:actions.upload")}
            </Button>
          </Group>
        </Stack>
      </Card>
      <UploadHistory scenario={scenario} />
    </>
  );
}

/** How the rows join what is there: merge, append or replace. */
function UploadModeChoice({ mode, onMode }: { mode: UploadMode; onMode: (mode: UploadMode) => void }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t("model:software.modes.title")}
      value={mode}
      onChange={(v) => onMode(v as UploadMode)}
    >
      <Group mt={6}>
        {(["MERGE", "APPEND", "REPLACE"] as const).map((m) => (
          <Radio key={m} value={m} label={t(MODE_LABELS[m]!)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** Downloads the template of `kind`; failures are only logged. */
function requestTemplate(
  kind: UploadKind,
  model: number,
  dimension: { id: number; code: string } | undefined,
) {
  downloadTemplate({ kind, model, dimension }).catch((error: unknown) =>
    console.warn("template download failed", error),
  );
}

/** What the file holds and, for records, the dimension they belong to. */
function UploadTarget({
  kind,
  onKind,
  dimension,
  onDimension,
  options,
}: {
  kind: UploadKind;
  onKind: (kind: UploadKind) => void;
  dimension: string | null;
  onDimension: (dimension: string | null) => void;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const needsDimension = kind === "RECORDS";
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t("model:software.upload.kind")}
          data={KINDS.map((k) => ({ value: k, label: t(UPLOAD_KIND_LABELS[k]) }))}
          value={kind}
          onChange={(v) => onKind((v as UploadKind | null) ?? "RECORDS")}
          allowDeselect={false}
          data-testid="upload-kind"
        />
        {needsDimension && (
          <Select
            label={t("report:dimension")}
            data={options}
            value={dimension}
            onChange={onDimension}
            placeholder={options.length ? t("report:pickDimension") : t("common:messages.noDimensions")}
            disabled={options.length === 0}
          />
        )}
      </SimpleGrid>
      {needsDimension && options.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t("model:software.upload.noDimensionHint")}{" "}
          <Anchor component={Link} to="/software/dimension/edit" fz="sm">
            {t("model:software.dimEdit.title")}
          </Anchor>
        </Text>
      )}
    </>
  );
}

/** The file to send: a CSV or XLSX file; another kind is refused with a message. */
function UploadDropzone({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const { t } = useTranslation();
  const [rejected, setRejected] = useState(false);
  return (
    <>
      <Dropzone
        onDrop={(files) => {
          const f = files[0] ?? null;
          const ok = f !== null && isAcceptedUpload(f.name);
          setRejected(f !== null && !ok);
          onFile(ok ? f : null);
        }}
        onReject={() => {
          setRejected(true);
          onFile(null);
        }}
        accept={ACCEPT}
        maxSize={MAX_UPLOAD_BYTES}
        maxFiles={1}
        multiple={false}
        data-testid="upload-dropzone"
      >
        <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: "none" }}>
          <DropzoneIcons size={44} idle={IconFileSpreadsheet} stroke={1.5} />
          <div>
            <Title order={2} fz="md">
              {file ? file.name : t("model:software.upload.drop")}
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              {t("model:software.upload.formats")}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejected && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          data-testid="upload-rejected"
        >
          {t("common:messages.fileFormatNotAccepted")}
        </Alert>
      )}
    </>
  );
}

function UploadHistory({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="md">
        {t("model:software.upload.history")}
      </Title>
      <ApiTable<UploadProcess>
        queryKey={[...UPLOADS_KEY, scenario]}
        fetcher={(p: PageParams) => getUploads(scenario, p)}
        defaultSort={[{ id: "requested_at", desc: true }]}
        emptyTitle={t("common:messages.noResults")}
        testId="uploads-table"
        columns={[
          {
            id: "file_name",
            header: t("report:export.file"),
            sortable: true,
            cell: (u) => (
              <Anchor component={Link} to={`/software/dimension/upload/complete?upload=${u.id}`} fz="sm">
                {u.file_name}
              </Anchor>
            ),
          },
          {
            id: "kind",
            header: t("model:software.upload.kind"),
            cell: (u) => t(UPLOAD_KIND_LABELS[u.kind as UploadKind] ?? u.kind),
          },
          {
            id: "mode",
            header: t("model:software.modes.title"),
            cell: (u) => t(MODE_LABELS[u.mode] ?? u.mode),
          },
          { id: "requested_by", header: t("report:export.requestedBy") },
          { id: "requested_at", header: t("report:export.requestedAt"), kind: "datetime", sortable: true },
          { id: "errors_count", header: t("model:software.upload.errors"), kind: "integer" },
          {
            id: "status",
            header: t("report:export.status"),
            cell: (u) => <CalculationStatusBadge status={u.status} />,
          },
        ]}
      />
    </Card>
  );
}

export default function DimensionUploadPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Upload model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
