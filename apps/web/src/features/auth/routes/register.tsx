import { Alert, Button, Checkbox, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useRegister } from "../api/register";
import {
  EmailField,
  HaveAccountLink,
  NameFields,
  PasswordFields,
  SignupSuccess,
} from "../components/account-fields";
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
      <SignupSuccess
        testId="register-success"
        text={t("auth:register.successText", { email: register.data?.email ?? form.values.email })}
      />
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
          <NameFields form={form} named />
          <EmailField form={form} named />
          <TextInput
            label={t("auth:fields.companyName")}
            name="company_name"
            autoComplete="organization"
            value={form.values.company_name}
            onChange={(e) => form.setValue("company_name", e.currentTarget.value)}
            error={errorText(t, form.errors.company_name)}
            required
          />
          <PasswordFields form={form} named />
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
      <HaveAccountLink />
    </>
  );
}
