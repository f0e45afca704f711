import { Alert, Button, Group, Stack, Switch, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const schema = z.object({
  identifier: z.string().trim().min(1, "common:validation.required").max(100, "data:validation.tooLong"),
  name: z.string().trim().min(1, "common:validation.required").max(200, "data:validation.tooLong"),
  is_direct: z.boolean(),
});
type PoolFormValues = z.infer<typeof schema>;

export function PoolForm({
  initial = { identifier: "", name: "", is_direct: true },
  loading,
  onSubmit,
  onCancel,
}: {
  initial?: PoolFormValues;
  loading?: boolean;
  onSubmit: (values: PoolFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  return (
    <form
      noValidate
      data-testid="pool-form"
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
          label={t("model:costPools.identifier")}
          name="identifier"
          value={form.values.identifier}
          onChange={(e) => form.setValue("identifier", e.currentTarget.value)}
          error={errorText(t, form.errors.identifier)}
          required
          data-autofocus
        />
        <TextInput
          label={t("model:costPools.name")}
          name="name"
          value={form.values.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
        />
        <Switch
          label={t("model:costPools.direct")}
          description={t("data:pools.directHelp")}
          checked={form.values.is_direct}
          onChange={(e) => form.setValue("is_direct", e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="pool-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
