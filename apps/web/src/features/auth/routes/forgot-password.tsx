import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconMailForward } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { AuthHeading } from "../components/auth-heading";
import { forgotSchema } from "../components/auth-schemas";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useZodForm(forgotSchema, { email: "" });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    request.mutate(v, { onError: (error) => form.applyApiError(error, t("common:messages.pleaseTryAgain")) });
  };

  return (
    <>
      <AuthHeading title={t("auth:forgot.heading")} subtitle={t("auth:forgot.subtitle")} />
      {request.isSuccess ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconMailForward aria-hidden />}
          data-testid="forgot-success"
        >
          {t("auth:forgot.sent", { email: form.values.email })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {form.errors.form && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {form.errors.form}
              </Alert>
            )}
            <TextInput
              label={t("auth:fields.email")}
              name="email"
              type="email"
              autoComplete="email"
              dir="ltr"
              value={form.values.email}
              onChange={(e) => form.setValue("email", e.currentTarget.value)}
              error={errorText(t, form.errors.email)}
              required
            />
            <Button type="submit" fullWidth loading={request.isPending}>
              {t("auth:forgot.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Group justify="center" mt="lg">
        <Anchor component={Link} to="/login" fz="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} className="cf-flip-rtl" aria-hidden />
            <Text span fz="sm">
              {t("auth:forgot.back")}
            </Text>
          </Group>
        </Anchor>
      </Group>
    </>
  );
}
