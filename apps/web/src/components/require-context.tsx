import { Alert, Group, Loader, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAppContext } from "../lib/app-context";

const CONTEXT_REDIRECT_MS = 2500;

function Redirecting({ message, to }: { message: string; to: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), CONTEXT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  return (
    <Alert
      icon={<IconInfoCircle aria-hidden />}
      color="yellow"
      variant="light"
      title={t("common:context.required")}
      data-testid="context-required"
    >
      <Group gap="sm" wrap="nowrap">
        <Loader size="xs" color="yellow" />
        <Text fz="sm">{message}</Text>
      </Group>
    </Alert>
  );
}

/** Screens needing a model show 'You must select a model first…', then go to /model. */
export function RequireModel({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ctx = useAppContext();
  if (!ctx.model) return <Redirecting message={t("common:context.selectModelFirst")} to="/model" />;
  return <>{children}</>;
}

/** Screens needing a scenario: no model → /model; no scenario → /model/scenarios. */
export function RequireScenario({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const ctx = useAppContext();
  if (!ctx.model) return <Redirecting message={t("common:context.selectModelFirst")} to="/model" />;
  if (!ctx.scenario)
    return <Redirecting message={t("common:context.selectScenarioFirst")} to="/model/scenarios" />;
  return <>{children}</>;
}
