import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const schema = z.object({
  ID: z.string().trim().min(1, "common:validation.required").max(100, "data:validation.tooLong"),
  name: z.string().trim().min(1, "common:validation.required").max(200, "data:validation.tooLong"),
  expense_group: z.string().trim().max(200, "data:validation.tooLong"),
});
type AccountFormValues = z.infer<typeof schema>;

export function AccountForm({
  initial = { ID: "", name: "", expense_group: "" },
  loading,
  onSubmit,
  onCancel,
}: {
  initial?: AccountFormValues;
  loading?: boolean;
  onSubmit: (values: AccountFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  return (
    <form
      noValidate
      data-testid="account-form"
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
          label={t("model:accounts.id")}
          name="ID"
          value={form.values.ID}
          onChange={(e) => form.setValue("ID", e.currentTarget.value)}
          error={errorText(t, form.errors.ID)}
          required
          data-autofocus
        />
        <TextInput
          label={t("model:accounts.name")}
          name="name"
          value={form.values.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
        />
        <TextInput
          label={t("model:accounts.expenseGroup")}
          name="expense_group"
          value={form.values.expense_group}
          onChange={(e) => form.setValue("expense_group", e.currentTarget.value)}
          error={errorText(t, form.errors.expense_group)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="account-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
