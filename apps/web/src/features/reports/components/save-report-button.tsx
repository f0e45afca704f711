import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSaveSavedReport } from "../api/save-saved-report";

/**
 * 'Save report': stores the page's filters under a title in My reports; opening it there restores
 * the page with `params` as URL parameters.
 */
export function SaveReportButton({
  type,
  params,
  defaultTitle,
  disabled,
}: {
  type: string;
  params: Record<string, string | number>;
  defaultTitle: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSavedReport();

  const submit = () => {
    if (title.trim() === "") {
      setError(t("common:validation.required"));
      return;
    }
    save.mutate(
      { body: { title: title.trim(), type, params, shared } },
      {
        onSuccess: () => {
          setOpened(false);
          notifySuccess(t("report:save.saved"));
        },
        onError: (e) => {
          const field = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === "title") : undefined;
          if (field) setError(field.message);
          else
            notifyError(
              e instanceof ApiError && e.messageKey ? e.message : "",
              t("common:messages.saveFailed"),
            );
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        disabled={disabled}
        onClick={() => {
          setTitle(defaultTitle);
          setError(null);
          setOpened(true);
        }}
        data-testid="save-report"
      >
        {t("report:save.action")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("report:save.title")}>
        <SaveReportForm
          title={title}
          onTitle={(value) => {
            setTitle(value);
            setError(null);
          }}
          error={error}
          shared={shared}
          onShared={setShared}
          saving={save.isPending}
          onSubmit={submit}
          onCancel={() => setOpened(false)}
        />
      </Modal>
    </>
  );
}

/** The report's title and whether others of the company see it. */
function SaveReportForm({
  title,
  onTitle,
  error,
  shared,
  onShared,
  saving,
  onSubmit,
  onCancel,
}: {
  title: string;
  onTitle: (title: string) => void;
  error: string | null;
  shared: boolean;
  onShared: (shared: boolean) => void;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t("report:save.name")}
          value={title}
          onChange={(e) => onTitle(e.currentTarget.value)}
          error={error}
          maxLength={120}
          data-autofocus
          data-testid="save-report-title"
        />
        <Checkbox
          label={t("report:save.shared")}
          checked={shared}
          onChange={(e) => onShared(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving} data-testid="save-report-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
