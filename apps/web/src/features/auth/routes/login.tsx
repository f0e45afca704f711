import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { clearSession, homePathFor } from "../../../lib/session";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useLogin } from "../api/login";
import { AuthHeading } from "../components/auth-heading";
import { loginSchema } from "../components/auth-schemas";

/** Keeps a left-to-right value (e-mail, password) in one piece inside right-to-left text. */
const isolate = (value: string) => `\u2068${value}\u2069`;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useZodForm(loginSchema, { email: "", password: "" });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const values = form.validate();
    if (!values) return;
    login.mutate(values, {
      onSuccess: (me) => {
        const home = homePathFor(me.role);
        if (home === "/login") {
          clearSession();
          form.setErrors({ form: t("auth:login.unsupportedRole") });
          return;
        }
        navigate(home, { replace: true });
      },
      onError: (error) => form.applyApiError(error, t("common:messages.pleaseTryAgain")),
    });
  };

  return (
    <>
      <AuthHeading title={t("auth:login.heading")} subtitle={t("auth:login.subtitle")} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.errors.form && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              data-testid="form-error"
            >
              {form.errors.form}
            </Alert>
          )}
          <TextInput
            label={t("auth:fields.email")}
            type="email"
            autoComplete="username"
            value={form.values.email}
            onChange={(e) => form.setValue("email", e.currentTarget.value)}
            error={errorText(t, form.errors.email)}
            name="email"
            required
            dir="ltr"
          />
          <PasswordInput
            label={t("auth:fields.password")}
            autoComplete="current-password"
            value={form.values.password}
            onChange={(e) => form.setValue("password", e.currentTarget.value)}
            error={errorText(t, form.errors.password)}
            name="password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t("auth:login.forgot")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending} data-testid="login-submit">
            {t("auth:login.submit")}
          </Button>
        </Stack>
      </form>
      <SignupLinks />
      <DemoAccounts />
    </>
  );
}

/** New here: the personal and the company sign-up. */
function SignupLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Divider my="lg" label={t("auth:login.newHere")} labelPosition="center" />
      <Stack gap={6} align="center">
        <Anchor component={Link} to="/register" fz="sm">
          {t("auth:login.createAccount")}
        </Anchor>
        <Anchor component={Link} to="/company-signup" fz="sm">
          {t("auth:login.companySignup")}
        </Anchor>
      </Stack>
    </>
  );
}

/** The demo accounts and their password. */
function DemoAccounts() {
  const { t } = useTranslation();
  return (
    <Alert
      mt="lg"
      variant="light"
      color="indigo"
      icon={<IconInfoCircle aria-hidden />}
      title={t("auth:login.demoTitle")}
    >
      <Text fz="xs">
        {t("auth:login.demoText", {
          admin: isolate("admin@costflow.demo"),
          client: isolate("client@costflow.demo"),
          password: isolate("costflow-demo"),
        })}
      </Text>
    </Alert>
  );
}
