import { Alert, Button, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { countryOptions } from "../../../lib/countries";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useCompanySignup } from "../api/company-signup";
import {
  EmailField,
  HaveAccountLink,
  NameFields,
  PasswordFields,
  SignupSuccess,
} from "../components/account-fields";
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

const useSignupForm = () =>
  useZodForm(companySignupSchema, {
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

export default function CompanySignupPage() {
  const { t } = useTranslation();
  const signup = useCompanySignup();
  const form = useSignupForm();
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
      <SignupSuccess
        testId="signup-success"
        text={t("auth:companySignup.successText", { company: v.company_name, email: v.email })}
      />
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
          <CompanyFields form={form} />
          <Title order={2} fz="md" mt="xs">
            {t("auth:companySignup.adminSection")}
          </Title>
          <NameFields form={form} />
          <EmailField form={form} />
          <PasswordFields form={form} />
          <Button type="submit" fullWidth loading={signup.isPending}>
            {t("auth:companySignup.submit")}
          </Button>
        </Stack>
      </form>
      <HaveAccountLink />
    </>
  );
}

/** The company's name, country, industry and size. */
function CompanyFields({ form }: { form: ReturnType<typeof useSignupForm> }) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const v = form.values;
  return (
    <>
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
    </>
  );
}
