import { Alert, Button, Card, Group, Radio, Select, Stack, Text, Title } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertCircle, IconFileSpreadsheet, IconUpload, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { notifyError } from "../../../lib/notify";
import { getDimensions, SOFTWARE_DIMENSIONS_KEY } from "../api/get-dimensions";
import { type UploadMode, useUploadDimensionFile } from "../api/upload-dimension-file";
import { isAcceptedUpload, MAX_UPLOAD_BYTES } from "../components/upload-rules";

const ACCEPT = {
  "text/csv": [".csv"],
  "application/vnd.ms-excel": [".csv"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
};

function Upload({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadDimensionFile();
  const dims = useQuery({
    queryKey: [...SOFTWARE_DIMENSIONS_KEY, model, "options"],
    queryFn: () => getDimensions(model, { limit: 100, offset: 0 }),
  });
  const options = (dims.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }));
  const [dimension, setDimension] = useState<string | null>(null);
  const [mode, setMode] = useState<UploadMode>("MERGE");
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);

  const send = () => {
    if (!file || !dimension) return;
    upload.mutate(
      { scenario, dimension: Number(dimension), mode, file },
      {
        onSuccess: () =>
          navigate("/software/dimension/upload/complete", {
            state: {
              file: file.name,
              size: file.size,
              mode,
              dimension: options.find((o) => o.value === dimension)?.label,
            },
          }),
        onError: () => notifyError(t("common:messages.impossibleToUpload")),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t("model:software.upload.title")}
        description={t("model:software.upload.subtitle")}
      />
      <Card maw={900}>
        <Stack gap="md">
          <Select
            label={t("report:dimension")}
            data={options}
            value={dimension}
            onChange={setDimension}
            placeholder={options.length ? t("report:pickDimension") : t("common:messages.noDimensions")}
            disabled={options.length === 0}
            maw={360}
          />
          <Radio.Group
            label={t("model:software.modes.title")}
            value={mode}
            onChange={(v) => setMode(v as UploadMode)}
          >
            <Group mt={6}>
              <Radio value="MERGE" label={t("model:software.modes.merge")} />
              <Radio value="APPEND" label={t("model:software.modes.append")} />
              <Radio value="REPLACE" label={t("model:software.modes.replace")} />
            </Group>
          </Radio.Group>
          <Dropzone
            onDrop={(files) => {
              const f = files[0] ?? null;
              setRejected(f !== null && !isAcceptedUpload(f.name));
              setFile(f && isAcceptedUpload(f.name) ? f : null);
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
          <Group justify="flex-end">
            <Button
              onClick={send}
              disabled={!file || !dimension}
              loading={upload.isPending}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("common:actions.upload")}
            </Button>
          </Group>
        </Stack>
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
