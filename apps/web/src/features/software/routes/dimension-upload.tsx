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
import { IconAlertCircle, IconDownload, IconFileSpreadsheet, IconUpload, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiTable } from "../../../components/api-table";
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

function Upload({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadFile();
  const dims = useQuery({
    queryKey: [...SOFTWARE_DIMENSIONS_KEY, model, "options"],
    queryFn: () => getDimensions(model, { limit: 100, offset: 0 }),
  });
  const options = (dims.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }));
  const [kind, setKind] = useState<UploadKind>("RECORDS");
  const [dimension, setDimension] = useState<string | null>(null);
  const [mode, setMode] = useState<UploadMode>("MERGE");
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const needsDimension = kind === "RECORDS";
  const ready = file !== null && (!needsDimension || dimension !== null);

  const send = () => {
    if (!file || !ready) return;
    upload.mutate(
      { scenario, kind, mode, file, dimension: needsDimension ? Number(dimension) : undefined },
      {
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
      },
    );
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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("model:software.upload.kind")}
              data={KINDS.map((k) => ({ value: k, label: t(UPLOAD_KIND_LABELS[k]) }))}
              value={kind}
              onChange={(v) => setKind((v as UploadKind | null) ?? "RECORDS")}
              allowDeselect={false}
              data-testid="upload-kind"
            />
            {needsDimension && (
              <Select
                label={t("report:dimension")}
                data={options}
                value={dimension}
                onChange={setDimension}
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
          <Radio.Group
            label={t("model:software.modes.title")}
            value={mode}
            onChange={(v) => setMode(v as UploadMode)}
          >
            <Group mt={6}>
              {(["MERGE", "APPEND", "REPLACE"] as const).map((m) => (
                <Radio key={m} value={m} label={t(MODE_LABELS[m]!)} />
              ))}
            </Group>
          </Radio.Group>
          <Dropzone
            onDrop={(files) => {
              const f = files[0] ?? null;
              const ok = f !== null && isAcceptedUpload(f.name);
              setRejected(f !== null && !ok);
              setFile(ok ? f : null);
            }}
            onReject={() => {
              setRejected(true);
              setFile(null);
            }}
            accept={ACCEPT}
            maxSize={MAX_UPLOAD_BYTES}
            maxFiles={1}
            multiple={false}
            data-testid="upload-dropzone"
          >
            <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: "none" }}>
              <Dropzone.Accept>
                <IconUpload size={44} stroke={1.5} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={44} stroke={1.5} aria-hidden />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconFileSpreadsheet size={44} stroke={1.5} aria-hidden />
              </Dropzone.Idle>
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
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={needsDimension && dimension === null}
              onClick={() => {
                const dim = dims.data?.results.find((d) => String(d.id) === dimension);
                // Template failures are only logged.
                downloadTemplate({
                  kind,
                  model,
                  dimension: dim ? { id: dim.id, code: dim.code } : undefined,
                }).catch((error: unknown) => console.warn("template download failed", error));
              }}
            >
              {t("model:software.upload.template")}
            </Button>
            <Button
              onClick={send}
              disabled={!ready}
              loading={upload.isPending}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("common:actions.upload")}
            </Button>
          </Group>
        </Stack>
      </Card>
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
    </>
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
