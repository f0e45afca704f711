import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notifySuccess } from "../../../lib/notify";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useSetPassword } from "../api/set-password";

const required = "common:validation.required";
const schema = z
  .object({
    current_password: z.string().min(1, required),
    new_password: z.string().min(1, required).min(8, "common:validation.passwordLength"),
    confirm: z.string().min(1, required),
  })
  .refine((v) => v.new_password === v.confirm, {
    path: ["confirm"],
    message: "common:validation.passwordsDiffer",
  });

export function PasswordCard() {
  const { t } = useTranslation();
  const change = useSetPassword();
  const form = useZodForm(schema, { current_password: "", new_password: "", confirm: "" });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    change.mutate(
      { current_password: v.current_password, new_password: v.new_password },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(t("app:settings.passwordChanged"));
        },
        onError: (error) => form.applyApiError(error, t("common:messages.saveFailed")),
      },
    );
  };

  return (
    <Card>
      <Title order={2} fz="lg" mb={4}>
        {t("app:settings.passwordTitle")}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t("app:settings.passwordText")}
      </Text>
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="sm" maw={420}>
          {form.errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {form.errors.form}
            </Alert>
          )}
          <PasswordInput
            label={t("auth:fields.currentPassword")}
            autoComplete="current-password"
            value={form.values.current_password}
            onChange={(e) => form.setValue("current_password", e.currentTarget.value)}
            error={errorText(t, form.errors.current_password)}
            required
          />
          <PasswordInput
            label={t("auth:fields.newPassword")}
            autoComplete="new-password"
            description={t("auth:fields.passwordHint")}
            value={form.values.new_password}
            onChange={(e) => form.setValue("new_password", e.currentTarget.value)}
            error={errorText(t, form.errors.new_password)}
            required
          />
          <PasswordInput
            label={t("auth:fields.confirmPassword")}
            autoComplete="new-password"
            value={form.values.confirm}
            onChange={(e) => form.setValue("confirm", e.currentTarget.value)}
            error={errorText(t, form.errors.confirm)}
            required
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t("app:settings.changePassword")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
