import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useValidateCompany } from "../api/validate-company";
import { AuthHeading } from "../components/auth-heading";

/** Reads uid and token from the e-mailed link and validates the company once. */
export default function CompanyValidatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get("uid") ?? "";
  const token = params.get("token") ?? "";
  const validate = useValidateCompany();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !uid || !token) return;
    started.current = true;
    validate.mutate({ uid, token });
  }, [uid, token, validate]);

  const missing = !uid || !token;
  return (
    <>
      <AuthHeading title={t("auth:validate.heading")} />
      <Stack gap="md" data-testid="company-validate">
        {missing && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t("auth:validate.failedTitle")}
          >
            {t("auth:validate.missing")}
          </Alert>
        )}
        {!missing && (validate.isPending || validate.isIdle) && (
          <Stack align="center" py="lg">
            <Loader />
            <Text c="dimmed">{t("auth:validate.checking")}</Text>
          </Stack>
        )}
        {validate.isSuccess && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={t("auth:validate.successTitle")}
            data-testid="validate-success"
          >
            {t("auth:validate.successText", { company: validate.data.company.name })}
          </Alert>
        )}
        {validate.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t("auth:validate.failedTitle")}
            data-testid="validate-error"
          >
            {validate.error instanceof ApiError && validate.error.message
              ? validate.error.message
              : t("auth:validate.failedText")}
          </Alert>
        )}
        <Button component={Link} to="/login" variant={validate.isSuccess ? "filled" : "light"}>
          {t("auth:reset.goToLogin")}
        </Button>
      </Stack>
    </>
  );
}
