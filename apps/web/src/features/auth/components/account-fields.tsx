// The parts the two sign-up pages share: the person's name, e-mail and password fields, the
// "check your mailbox" panel and the link back to the login page. `named` gives the inputs their
// `name` attributes (the personal sign-up form has them).
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconMailCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../../lib/use-zod-form";
import { AuthHeading } from "./auth-heading";

interface AccountValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm: string;
}

/** What these fields need of a useZodForm whose values include AccountValues. */
export interface AccountForm {
  values: AccountValues;
  errors: Partial<Record<keyof AccountValues, string>>;
  setValue: (key: keyof AccountValues, value: string) => void;
}

interface FieldsProps {
  form: AccountForm;
  named?: boolean;
}

/** First and last name side by side. */
export function NameFields({ form, named = false }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput
        label={t("auth:fields.firstName")}
        name={named ? "first_name" : undefined}
        autoComplete="given-name"
        value={form.values.first_name}
        onChange={(e) => form.setValue("first_name", e.currentTarget.value)}
        error={errorText(t, form.errors.first_name)}
        required
      />
      <TextInput
        label={t("auth:fields.lastName")}
        name={named ? "last_name" : undefined}
        autoComplete="family-name"
        value={form.values.last_name}
        onChange={(e) => form.setValue("last_name", e.currentTarget.value)}
        error={errorText(t, form.errors.last_name)}
        required
      />
    </SimpleGrid>
  );
}

export function EmailField({ form, named = false }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("auth:fields.email")}
      name={named ? "email" : undefined}
      type="email"
      autoComplete="email"
      dir="ltr"
      value={form.values.email}
      onChange={(e) => form.setValue("email", e.currentTarget.value)}
      error={errorText(t, form.errors.email)}
      required
    />
  );
}

/** The new password and its confirmation side by side. */
export function PasswordFields({ form, named = false }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <PasswordInput
        label={t("auth:fields.password")}
        name={named ? "password" : undefined}
        autoComplete="new-password"
        description={t("auth:fields.passwordHint")}
        value={form.values.password}
        onChange={(e) => form.setValue("password", e.currentTarget.value)}
        error={errorText(t, form.errors.password)}
        required
      />
      <PasswordInput
        label={t("auth:fields.confirmPassword")}
        name={named ? "confirm" : undefined}
        autoComplete="new-password"
        value={form.values.confirm}
        onChange={(e) => form.setValue("confirm", e.currentTarget.value)}
        error={errorText(t, form.errors.confirm)}
        required
      />
    </SimpleGrid>
  );
}

/** After signing up: check your mailbox, and back to the login page. */
export function SignupSuccess({ testId, text }: { testId: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="md" data-testid={testId}>
      <IconMailCheck size={48} stroke={1.4} color="var(--mantine-color-teal-6)" aria-hidden />
      <AuthHeading title={t("auth:register.successTitle")} />
      <Text c="dimmed">{text}</Text>
      <Button component={Link} to="/login" variant="light">
        {t("auth:register.backToLogin")}
      </Button>
    </Stack>
  );
}

/** "Already have an account? Back to login" under a sign-up form. */
export function HaveAccountLink() {
  const { t } = useTranslation();
  return (
    <Group justify="center" mt="lg" gap={6}>
      <Text fz="sm" c="dimmed">
        {t("auth:register.haveAccount")}
      </Text>
      <Anchor component={Link} to="/login" fz="sm">
        {t("auth:register.backToLogin")}
      </Anchor>
    </Group>
  );
}
