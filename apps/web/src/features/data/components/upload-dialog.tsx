// Upload a data file from a data screen (accounts, account values, cost pools, pool-driver values,
// records) with a mode (Merge, Append, Replace), then follow the process here until it is done.
import { UPLOAD_MODES } from "@costflow/contract/uploads";
import { Alert, Anchor, Button, Group, Modal, Progress, Radio, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DroppedFileProps, DropzoneIcons } from "../../../components/dropzone-icons";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { downloadTemplate } from "../../../lib/api/download-template";
import { type UploadProcess, useUpload } from "../../../lib/api/get-uploads";
import { type UploadKind, type UploadMode, useUploadFile } from "../../../lib/api/upload-file";
import { useAppContext } from "../../../lib/app-context";
import { formatInteger } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MODE_LABELS } from "../../../lib/upload-kinds";
import { isAcceptedUpload, MAX_UPLOAD_BYTES } from "../../../lib/upload-rules";

const ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

interface UploadDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  scenario: number;
  kind: UploadKind;
  dimension?: number;
  /** The dimension's code, the name of its template file. */
  dimensionCode?: string | undefined;
  /** Query keys to refresh once the file is processed. */
  refreshKeys: readonly (readonly unknown[])[];
}

export function UploadDialog({
  opened,
  onClose,
  title,
  scenario,
  kind,
  dimension,
  dimensionCode,
  refreshKeys,
}: UploadDialogProps) {
  const { t } = useTranslation();
  const model = useAppContext().model?.id;
  const upload = useUploadFile();
  const [mode, setMode] = useState<UploadMode>("MERGE");
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const [processId, setProcessId] = useState<number | null>(null);
  const process = useUpload(processId);
  useRefreshWhenProcessed(process.data?.status, refreshKeys);

  const close = () => {
    setFile(null);
    setProcessId(null);
    setRejected(false);
    onClose();
  };
  const send = () => {
    if (!file) return;
    upload.mutate(
      { scenario, kind, mode, dimension, file },
      {
        onSuccess: (res) => {
          notifySuccess(t("common:messages.processFileRequested"));
          setProcessId(res.id);
        },
        onError: () => notifyError(t("common:messages.impossibleToUpload")),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      {processId === null ? (
        <Stack gap="sm">
          <ModePicker mode={mode} onChange={setMode} />
          {model !== undefined && (
            <TemplateButton model={model} kind={kind} dimension={dimension} dimensionCode={dimensionCode} />
          )}
          <FileDropzone
            file={file}
            onFile={(f, wasRejected) => {
              setRejected(wasRejected);
              setFile(f);
            }}
          />
          {rejected && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {t("common:messages.fileFormatNotAccepted")}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t("common:actions.cancel")}
            </Button>
            <Button
              onClick={send}
              disabled={!file}
              loading={upload.isPending}
              data-testid="data-upload-submit"
            >
              {t("common:actions.upload")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <UploadProgress processId={processId} process={process.data} fileName={file?.name} onClose={close} />
      )}
    </Modal>
  );
}

/** Once the process is over (processed, failed or stopped), the screen's queries are refreshed. */
function useRefreshWhenProcessed(status: string | undefined, refreshKeys: UploadDialogProps["refreshKeys"]) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status && status !== "PROCESSING")
      for (const key of refreshKeys) void queryClient.invalidateQueries({ queryKey: [...key] });
  }, [status, refreshKeys, queryClient]);
}

/** The upload mode (Merge, Append, Replace) and what the chosen one does. */
function ModePicker({ mode, onChange }: { mode: UploadMode; onChange: (mode: UploadMode) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group label={t("data:upload.mode")} value={mode} onChange={(v) => onChange(v as UploadMode)}>
        <Group gap="md" mt={6}>
          {UPLOAD_MODES.map((m) => (
            <Radio key={m} value={m} label={t(MODE_LABELS[m] ?? m)} />
          ))}
        </Group>
      </Radio.Group>
      <Text fz="xs" c="dimmed">
        {t(`data:upload.modeHelp.${mode}`)}
      </Text>
    </>
  );
}

/** Downloads the empty template file of the kind (of the dimension, for records). */
function TemplateButton({
  model,
  kind,
  dimension,
  dimensionCode,
}: {
  model: number;
  kind: UploadKind;
  dimension?: number;
  dimensionCode?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconDownload size={14} aria-hidden />}
        data-testid="data-upload-template"
        onClick={() =>
          downloadTemplate({
            kind,
            model,
            ...(kind === "RECORDS" && dimension !== undefined
              ? { dimension: { id: dimension, code: dimensionCode ?? String(dimension) } }
              : {}),
          }).catch((error) => console.error(error))
        }
      >
        {t("data:upload.template")}
      </Button>
      <Text fz="xs" c="dimmed">
        {t("data:upload.templateHelp")}
      </Text>
    </Group>
  );
}

/** The drop zone: reports the accepted file (or null) and whether the dropped one was refused. */
function FileDropzone({ file, onFile }: DroppedFileProps) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => {
        const f = files[0] ?? null;
        onFile(f && isAcceptedUpload(f.name) ? f : null, f !== null && !isAcceptedUpload(f.name));
      }}
      onReject={() => onFile(null, true)}
      accept={ACCEPT}
      maxSize={MAX_UPLOAD_BYTES}
      multiple={false}
      data-testid="data-upload-dropzone"
    >
      <Group justify="center" gap="md" mih={100} style={{ pointerEvents: "none" }}>
        <DropzoneIcons size={32} idle={IconFileSpreadsheet} />
        <Text fz="sm" fw={600}>
          {file ? file.name : t("data:upload.drop")}
        </Text>
      </Group>
    </Dropzone>
  );
}

/** The sent file's process: status, progress, rows done, errors and a link to its details. */
function UploadProgress({
  processId,
  process: p,
  fileName,
  onClose,
}: {
  processId: number;
  process: UploadProcess | undefined;
  fileName: string | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const percent = p ? Math.round((p.progress ?? 0) * 100) : 0;
  return (
    <Stack gap="sm" data-testid="data-upload-progress">
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {p?.file_name ?? fileName}
        </Text>
        {p && <CalculationStatusBadge status={p.status} />}
      </Group>
      <Progress value={p?.status === "PROCESSED" ? 100 : percent} animated={p?.status === "PROCESSING"} />
      {p && (
        <Text fz="sm" c="dimmed">
          {t("data:upload.rows", {
            done: formatInteger(p.rows_done, lang),
            total: p.rows_total === null ? "…" : formatInteger(p.rows_total, lang),
          })}
        </Text>
      )}
      {p && p.errors_count > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t("data:upload.errors", { count: p.errors_count })}
        </Alert>
      )}
      <Group justify="space-between">
        <Anchor component={Link} to={`/software/dimension/upload/complete?upload=${processId}`} fz="sm">
          {t("data:upload.details")}
        </Anchor>
        <Button onClick={onClose}>{t("common:actions.close")}</Button>
      </Group>
    </Stack>
  );
}
