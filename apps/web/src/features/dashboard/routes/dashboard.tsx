import type { QuickResume } from "@costflow/contract/dashboard";
import { Alert, Button, Grid, Group, SimpleGrid, Text, ThemeIcon } from "@mantine/core";
import {
  IconAlertCircle,
  IconFileDownload,
  IconHierarchy3,
  IconPlus,
  IconRoute,
  IconStack2,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { useAppContext } from "../../../lib/app-context";
import { formatInteger } from "../../../lib/format";
import { useSession } from "../../../lib/use-session";
import { useQuickResume } from "../api/get-quick-resume";
import { LatestCalculations, LatestNotifications, LatestScenarios } from "../components/latest-lists";
import { StatCard } from "../components/stat-card";

function QuickResumeStats({ data, loading }: { data: QuickResume | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg" data-testid="quick-resume">
      <StatCard
        label={t("app:dashboard.totalScenarios")}
        value={formatInteger(data?.total_scenarios ?? 0, lang)}
        icon={<IconStack2 size={24} aria-hidden />}
        color="teal"
        loading={loading}
        testId="total-scenarios"
      />
      <StatCard
        label={t("app:dashboard.totalModels")}
        value={formatInteger(data?.total_models ?? 0, lang)}
        icon={<IconHierarchy3 size={24} aria-hidden />}
        color="indigo"
        loading={loading}
        testId="total-models"
      />
      <StatCard
        label={t("app:dashboard.reportsToDownload")}
        value={formatInteger(data?.reports_to_download ?? 0, lang)}
        icon={<IconFileDownload size={24} aria-hidden />}
        color="orange"
        loading={loading}
        testId="reports-to-download"
      />
    </SimpleGrid>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const { user, ability } = useSession();
  const ctx = useAppContext();
  const { data, isLoading, isError, refetch } = useQuickResume(ctx.company);
  const name = user?.first_name || user?.email || "";

  return (
    <>
      <PageHeader
        title={t("app:dashboard.greeting", { name })}
        description={t("app:dashboard.subtitle")}
        actions={
          <>
            {ability.can("create", "Model") && (
              <Button component={Link} to="/model/new" leftSection={<IconPlus size={16} aria-hidden />}>
                {t("app:dashboard.newModel")}
              </Button>
            )}
            <Button
              component={Link}
              to="/workflowdashboard"
              variant="default"
              leftSection={<IconRoute size={16} aria-hidden />}
            >
              {t("app:dashboard.openWorkflow")}
            </Button>
          </>
        }
      />
      {isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t("common:messages.error")}
          mb="lg"
        >
          <Group justify="space-between">
            <Text fz="sm">{t("common:messages.pleaseTryAgain")}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void refetch()}>
              {t("common:actions.retry")}
            </Button>
          </Group>
        </Alert>
      )}
      <QuickResumeStats data={data} loading={isLoading} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <LatestScenarios rows={!data && !isError ? undefined : (data?.latest_scenarios ?? [])} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <LatestNotifications rows={!data && !isError ? undefined : (data?.notifications ?? [])} />
        </Grid.Col>
        <Grid.Col span={12}>
          <LatestCalculations rows={!data && !isError ? undefined : (data?.latest_calculations ?? [])} />
        </Grid.Col>
      </Grid>
      <Group mt="lg" gap="xs">
        <ThemeIcon variant="light" size="sm" color="gray">
          <IconRoute size={14} aria-hidden />
        </ThemeIcon>
        <Text fz="sm" c="dimmed">
          {t("app:dashboard.workflowHint")}
        </Text>
      </Group>
    </>
  );
}
