import { Alert, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const schema = z.object({
  title: z.string().trim().min(1, "common:validation.required").max(200, "data:validation.tooLong"),
  code: z
    .string()
    .trim()
    .max(60, "data:validation.tooLong")
    .regex(/^[A-Za-z0-9_.-]*$/, "data:dimensionManager.codeRule"),
  pid: z.number().int().nullable(),
});
type DimensionFormValues = z.infer<typeof schema>;

export function DimensionForm({
  initial,
  parents,
  loading,
  onSubmit,
  onCancel,
}: {
  initial: DimensionFormValues;
  /** Dimensions that may be the parent (not the dimension itself nor its descendants). */
  parents: { value: string; label: string }[];
  loading?: boolean;
  onSubmit: (values: DimensionFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  return (
    <form
      noValidate
      data-testid="dimension-form"
      onSubmit={(e) => {
        e.preventDefault();
        const v = form.validate();
        if (v) onSubmit(v, (error) => form.applyApiError(error, t("common:messages.saveFailed")));
      }}
    >
      <Stack gap="sm">
        {form.errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <TextInput
          label={t("data:dimensionManager.title")}
          name="title"
          value={form.values.title}
          onChange={(e) => form.setValue("title", e.currentTarget.value)}
          error={errorText(t, form.errors.title)}
          required
          data-autofocus
        />
        <TextInput
          label={t("data:dimensionManager.code")}
          description={t("data:dimensionManager.codeHelp")}
          name="code"
          dir="ltr"
          value={form.values.code}
          onChange={(e) => form.setValue("code", e.currentTarget.value)}
          error={errorText(t, form.errors.code)}
        />
        <Select
          label={t("data:dimensionManager.parent")}
          description={t("data:dimensionManager.parentHelp")}
          placeholder={t("data:dimensionManager.noParent")}
          data={parents}
          value={form.values.pid === null ? null : String(form.values.pid)}
          onChange={(v) => form.setValue("pid", v ? Number(v) : null)}
          error={errorText(t, form.errors.pid)}
          clearable
          searchable
          nothingFoundMessage={t("common:messages.noResults")}
          data-testid="dimension-parent"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="dimension-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
