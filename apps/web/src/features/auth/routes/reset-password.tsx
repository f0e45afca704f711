import { Alert, Anchor, Button, Group, PasswordInput, Stack } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useConfirmPasswordReset } from "../api/confirm-password-reset";
import { AuthHeading } from "../components/auth-heading";
import { resetSchema } from "../components/auth-schemas";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { uid = "", token = "" } = useParams();
  const confirm = useConfirmPasswordReset();
  const form = useZodForm(resetSchema, { new_password: "", confirm: "" });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    confirm.mutate(
      { uid, token, new_password: v.new_password },
      { onError: (error) => form.applyApiError(error, t("auth:reset.invalidLink")) },
    );
  };

  return (
    <>
      <AuthHeading title={t("auth:reset.heading")} subtitle={t("auth:reset.subtitle")} />
      {confirm.isSuccess ? (
        <Stack>
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            data-testid="reset-success"
          >
            {t("auth:reset.done")}
          </Alert>
          <Button component={Link} to="/login">
            {t("auth:reset.goToLogin")}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {form.errors.form && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {form.errors.form}
              </Alert>
            )}
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
            <Button type="submit" fullWidth loading={confirm.isPending}>
              {t("auth:reset.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" fz="sm">
          {t("auth:forgot.back")}
        </Anchor>
      </Group>
    </>
  );
}
