import { Alert, Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const schema = z.object({
  name: z.string().trim().min(1, "common:validation.required").max(200, "model:models.nameTooLong"),
  short_description: z.string().trim().max(2000, "model:models.descriptionTooLong"),
});
type ModelFormValues = z.infer<typeof schema>;

export function ModelForm({
  initial = { name: "", short_description: "" },
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: {
  initial?: ModelFormValues;
  submitLabel: string;
  loading?: boolean;
  onSubmit: (values: ModelFormValues, fail: (error: unknown) => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (v) onSubmit(v, (error) => form.applyApiError(error, t("common:messages.saveFailed")));
  };
  return (
    <form onSubmit={submit} noValidate data-testid="model-form">
      <Stack gap="sm">
        {form.errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <TextInput
          label={t("model:models.name")}
          name="name"
          value={form.values.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
          data-autofocus
        />
        <Textarea
          label={t("model:models.shortDescription")}
          name="short_description"
          autosize
          minRows={3}
          value={form.values.short_description}
          onChange={(e) => form.setValue("short_description", e.currentTarget.value)}
          error={errorText(t, form.errors.short_description)}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common:actions.cancel")}
            </Button>
          )}
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
