import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconMailCheck } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { countryOptions } from "../../../lib/countries";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useCompanySignup } from "../api/company-signup";
import { AuthHeading } from "../components/auth-heading";
import { companySignupSchema } from "../components/auth-schemas";

const INDUSTRIES = [
  { value: "distribution", label: "auth:industries.distribution" },
  { value: "manufacturing", label: "auth:industries.manufacturing" },
  { value: "retail", label: "auth:industries.retail" },
  { value: "services", label: "auth:industries.services" },
  { value: "healthcare", label: "auth:industries.healthcare" },
  { value: "financial", label: "auth:industries.financial" },
  { value: "logistics", label: "auth:industries.logistics" },
  { value: "public", label: "auth:industries.public" },
  { value: "other", label: "auth:industries.other" },
];
const EMPLOYEES = ["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;

export default function CompanySignupPage() {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const signup = useCompanySignup();
  const form = useZodForm(companySignupSchema, {
    company_name: "",
    country: "",
    industry: "",
    employees: "",
    first_name: "",
    last_name: "",
    email: "",
    password: "",
    confirm: "",
  });
  const v = form.values;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (!parsed) return;
    const { confirm: _confirm, ...payload } = parsed;
    signup.mutate(payload, {
      onError: (error) => form.applyApiError(error, t("common:messages.pleaseTryAgain")),
    });
  };

  if (signup.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="md" data-testid="signup-success">
        <IconMailCheck size={48} stroke={1.4} color="var(--mantine-color-teal-6)" aria-hidden />
        <AuthHeading title={t("auth:register.successTitle")} />
        <Text c="dimmed">
          {t("auth:companySignup.successText", { company: v.company_name, email: v.email })}
        </Text>
        <Button component={Link} to="/login" variant="light">
          {t("auth:register.backToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title={t("auth:companySignup.heading")} subtitle={t("auth:companySignup.subtitle")} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {form.errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {form.errors.form}
            </Alert>
          )}
          <Title order={2} fz="md">
            {t("auth:companySignup.companySection")}
          </Title>
          <TextInput
            label={t("auth:fields.companyName")}
            autoComplete="organization"
            value={v.company_name}
            onChange={(e) => form.setValue("company_name", e.currentTarget.value)}
            error={errorText(t, form.errors.company_name)}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label={t("auth:fields.country")}
              data={countries}
              searchable
              value={v.country || null}
              onChange={(val) => form.setValue("country", val ?? "")}
              error={errorText(t, form.errors.country)}
              required
            />
            <Select
              label={t("auth:fields.industry")}
              data={INDUSTRIES.map((i) => ({ value: i.value, label: t(i.label) }))}
              value={v.industry || null}
              onChange={(val) => form.setValue("industry", val ?? "")}
              error={errorText(t, form.errors.industry)}
              required
            />
          </SimpleGrid>
          <Select
            label={t("auth:fields.employees")}
            data={[...EMPLOYEES]}
            value={v.employees || null}
            onChange={(val) => form.setValue("employees", val ?? "")}
            error={errorText(t, form.errors.employees)}
            required
          />
          <Title order={2} fz="md" mt="xs">
            {t("auth:companySignup.adminSection")}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t("auth:fields.firstName")}
              autoComplete="given-name"
              value={v.first_name}
              onChange={(e) => form.setValue("first_name", e.currentTarget.value)}
              error={errorText(t, form.errors.first_name)}
              required
            />
            <TextInput
              label={t("auth:fields.lastName")}
              autoComplete="family-name"
              value={v.last_name}
              onChange={(e) => form.setValue("last_name", e.currentTarget.value)}
              error={errorText(t, form.errors.last_name)}
              required
            />
          </SimpleGrid>
          <TextInput
            label={t("auth:fields.email")}
            type="email"
            autoComplete="email"
            dir="ltr"
            value={v.email}
            onChange={(e) => form.setValue("email", e.currentTarget.value)}
            error={errorText(t, form.errors.email)}
            required
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <PasswordInput
              label={t("auth:fields.password")}
              autoComplete="new-password"
              description={t("auth:fields.passwordHint")}
              value={v.password}
              onChange={(e) => form.setValue("password", e.currentTarget.value)}
              error={errorText(t, form.errors.password)}
              required
            />
            <PasswordInput
              label={t("auth:fields.confirmPassword")}
              autoComplete="new-password"
              value={v.confirm}
              onChange={(e) => form.setValue("confirm", e.currentTarget.value)}
              error={errorText(t, form.errors.confirm)}
              required
            />
          </SimpleGrid>
          <Button type="submit" fullWidth loading={signup.isPending}>
            {t("auth:companySignup.submit")}
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
