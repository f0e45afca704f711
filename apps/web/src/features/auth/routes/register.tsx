import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useRegister } from "../api/register";
import { AuthHeading } from "../components/auth-heading";
import { registerSchema } from "../components/auth-schemas";

export default function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();
  const form = useZodForm(registerSchema, {
    first_name: "",
    last_name: "",
    email: "",
    company_name: "",
    password: "",
    confirm: "",
    terms: false,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    register.mutate(
      {
        first_name: v.first_name,
        last_name: v.last_name,
        email: v.email,
        password: v.password,
        company_name: v.company_name,
      },
      { onError: (error) => form.applyApiError(error, t("common:messages.pleaseTryAgain")) },
    );
  };

  if (register.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="register-success">
        <IconMailCheck size={48} stroke={1.4} color="var(--mantine-color-teal-6)" aria-hidden />
        <AuthHeading title={t("auth:register.successTitle")} />
        <Text c="dimmed">
          {t("auth:register.successText", { email: register.data?.email ?? form.values.email })}
        </Text>
        <Button component={Link} to="/login" variant="light">
          {t("auth:register.backToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title={t("auth:register.heading")} subtitle={t("auth:register.subtitle")} />
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
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t("auth:fields.firstName")}
              name="first_name"
              autoComplete="given-name"
              value={form.values.first_name}
              onChange={(e) => form.setValue("first_name", e.currentTarget.value)}
              error={errorText(t, form.errors.first_name)}
              required
            />
            <TextInput
              label={t("auth:fields.lastName")}
              name="last_name"
              autoComplete="family-name"
              value={form.values.last_name}
              onChange={(e) => form.setValue("last_name", e.currentTarget.value)}
              error={errorText(t, form.errors.last_name)}
              required
            />
          </SimpleGrid>
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
          <TextInput
            label={t("auth:fields.companyName")}
            name="company_name"
            autoComplete="organization"
            value={form.values.company_name}
            onChange={(e) => form.setValue("company_name", e.currentTarget.value)}
            error={errorText(t, form.errors.company_name)}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <PasswordInput
              label={t("auth:fields.password")}
              name="password"
              autoComplete="new-password"
              description={t("auth:fields.passwordHint")}
              value={form.values.password}
              onChange={(e) => form.setValue("password", e.currentTarget.value)}
              error={errorText(t, form.errors.password)}
              required
            />
            <PasswordInput
              label={t("auth:fields.confirmPassword")}
              name="confirm"
              autoComplete="new-password"
              value={form.values.confirm}
              onChange={(e) => form.setValue("confirm", e.currentTarget.value)}
              error={errorText(t, form.errors.confirm)}
              required
            />
          </SimpleGrid>
          <Checkbox
            name="terms"
            checked={form.values.terms}
            onChange={(e) => form.setValue("terms", e.currentTarget.checked)}
            error={errorText(t, form.errors.terms)}
            label={t("auth:register.acceptTerms")}
          />
          <Button type="submit" fullWidth loading={register.isPending} data-testid="register-submit">
            {t("auth:register.submit")}
          </Button>
        </Stack>
      </form>
      <Group justify="center" mt="lg" gap={6}>
        <Text fz="sm" c="dimmed">
          {t("auth:register.haveAccount")}
        </Text>
        <Anchor component={Link} to="/login" fz="sm">
          {t("auth:register.backToLogin")}
        </Anchor>
      </Group>
    </>
  );
}
