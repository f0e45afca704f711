// Import a model bundle (.zip): dropzone, then either the new model (selected with its scenario)
// or every problem of the bundle by file, line and column.
import { Alert, Button, Group, List, Modal, ScrollArea, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconAlertCircle, IconFileZip } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DroppedFileProps, DropzoneIcons } from "../../../components/dropzone-icons";
import { formatInteger } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { type BundleIssue, ImportError, useImportModel } from "../api/import-model";

const ZIP = { "application/zip": [".zip"], "application/x-zip-compressed": [".zip"] };

export function ImportModelDialog({
  opened,
  onClose,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  onImported: (created: { model: number; scenario: number }) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const run = useImportModel();
  const [file, setFile] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const [issues, setIssues] = useState<BundleIssue[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setIssues([]);
    setFailure(null);
    setRejected(false);
    onClose();
  };
  const send = () => {
    if (!file) return;
    setIssues([]);
    setFailure(null);
    run.mutate(
      { file, language: lang },
      {
        onSuccess: (created) => {
          notifySuccess(t("data:models.imported"));
          close();
          onImported(created);
        },
        onError: (error) => {
          if (error instanceof ImportError && error.issues.length > 0) setIssues(error.issues);
          else
            setFailure(
              error instanceof Error && error.message ? error.message : t("common:messages.saveFailed"),
            );
          notifyError(t("common:messages.impossibleToUpload"));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t("data:models.importTitle")} size="lg">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t("data:models.importText")}
        </Text>
        <ZipDropzone
          file={file}
          onFile={(f, wasRejected) => {
            setRejected(wasRejected);
            setFile(f);
          }}
        />
        <ImportProblems rejected={rejected} failure={failure} issues={issues} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={send} disabled={!file} loading={run.isPending} data-testid="import-submit">
            {t("data:models.import")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The drop zone of the bundle: reports the dropped file, or null and true when it was refused. */
function ZipDropzone({ file, onFile }: DroppedFileProps) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => onFile(files[0] ?? null, false)}
      onReject={() => onFile(null, true)}
      accept={ZIP}
      multiple={false}
      data-testid="import-dropzone"
    >
      <Group justify="center" gap="md" mih={110} style={{ pointerEvents: "none" }}>
        <DropzoneIcons size={36} idle={IconFileZip} />
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {file ? file.name : t("data:models.dropZip")}
          </Text>
          <Text fz="xs" c="dimmed">
            {t("data:models.zipOnly")}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}

/** Why the bundle was not imported: a file that is not a zip, the server's refusal, or its problems. */
function ImportProblems({
  rejected,
  failure,
  issues,
}: {
  rejected: boolean;
  failure: string | null;
  issues: BundleIssue[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {rejected && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          data-testid="import-rejected"
        >
          {t("common:messages.fileFormatNotAccepted")}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {failure}
        </Alert>
      )}
      {issues.length > 0 && <BundleIssues issues={issues} />}
    </>
  );
}

/** Every problem of a refused bundle, by file, line and column. */
function BundleIssues({ issues }: { issues: BundleIssue[] }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      title={t("data:models.issuesTitle", { count: issues.length })}
      data-testid="import-issues"
    >
      <ScrollArea.Autosize mah={220}>
        <List fz="xs" spacing={4}>
          {issues.map((issue) => (
            <List.Item key={`${issue.file}:${issue.line}:${issue.column}:${issue.code}`}>
              <Text span fz="xs" ff="monospace" dir="ltr">
                {issue.file}
                {issue.line > 0 ? `:${formatInteger(issue.line, "en")}` : ""}
                {issue.column > 0 ? `:${formatInteger(issue.column, "en")}` : ""}
              </Text>{" "}
              {issue.message}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
