import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconAlertCircle,
  IconBell,
  IconCalculator,
  IconFileDownload,
  IconHierarchy3,
  IconPlus,
  IconRoute,
  IconStack2,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { CalculationStatusBadge, ScenarioStatusBadge } from "../../../components/status-badge";
import { useAppContext } from "../../../lib/app-context";
import { formatDate, formatDateTime, formatInteger } from "../../../lib/format";
import { useSession } from "../../../lib/use-session";
import { useQuickResume } from "../api/get-quick-resume";
import { StatCard } from "../components/stat-card";

const CATEGORY_LABELS: Record<string, string> = {
  ACCOUNT_TO_COST_POOL: "common:nav.step1",
  INDIRECT_COST_POOL_TO_COST_POOL: "common:nav.step2",
  DIRECT_COST_POOL_TO_ACTIVITY: "common:nav.step3",
  ACTIVITY_TO_DIMENSION_DIRECT: "common:nav.step4",
  ACTIVITY_TO_DIMENSION_INDIRECT: "common:nav.step5",
  CALCULATED_DRIVER_TO_DIMENSION: "common:nav.step6",
  CALCULATED_DRIVERS: "common:nav.calculatedDrivers",
  REPORTS: "common:nav.reports",
  ALL: "model:calculations.types.everything",
};

/**
 * A list still loading: a few skeleton lines, not its empty state (which flashed 'No scenarios yet'
 * for ~170 ms before the data).
 */
function Loading() {
  return (
    <Stack gap="xs" data-testid="dashboard-loading">
      <Skeleton h={14} />
      <Skeleton h={14} />
      <Skeleton h={14} w="70%" />
    </Stack>
  );
}

export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
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
      <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg" data-testid="quick-resume">
        <StatCard
          label={t("app:dashboard.totalScenarios")}
          value={formatInteger(data?.total_scenarios ?? 0, lang)}
          icon={<IconStack2 size={24} aria-hidden />}
          color="teal"
          loading={isLoading}
          testId="total-scenarios"
        />
        <StatCard
          label={t("app:dashboard.totalModels")}
          value={formatInteger(data?.total_models ?? 0, lang)}
          icon={<IconHierarchy3 size={24} aria-hidden />}
          color="indigo"
          loading={isLoading}
          testId="total-models"
        />
        <StatCard
          label={t("app:dashboard.reportsToDownload")}
          value={formatInteger(data?.reports_to_download ?? 0, lang)}
          icon={<IconFileDownload size={24} aria-hidden />}
          color="orange"
          loading={isLoading}
          testId="reports-to-download"
        />
      </SimpleGrid>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card h="100%">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="lg">
                {t("app:dashboard.latestScenarios")}
              </Title>
              <Anchor component={Link} to="/model/scenarios" fz="sm">
                {t("app:dashboard.viewAll")}
              </Anchor>
            </Group>
            {!data && !isError ? (
              <Loading />
            ) : (data?.latest_scenarios ?? []).length === 0 ? (
              <EmptyState
                title={t("app:dashboard.noScenarios")}
                description={t("app:dashboard.noScenariosHint")}
                icon={<IconStack2 size={28} stroke={1.5} aria-hidden />}
              />
            ) : (
              <div className="cf-table-wrap">
                <Table miw={480}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("model:scenarios.name")}</Table.Th>
                      <Table.Th>{t("model:scenarios.model")}</Table.Th>
                      <Table.Th>{t("model:scenarios.period")}</Table.Th>
                      <Table.Th>{t("model:scenarios.status")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data?.latest_scenarios.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td fw={500}>{s.name}</Table.Td>
                        <Table.Td>{s.model_name}</Table.Td>
                        <Table.Td>
                          {t("model:scenarios.periodRange", {
                            from: formatDate(s.period_from, lang),
                            to: formatDate(s.period_to, lang),
                          })}
                        </Table.Td>
                        <Table.Td>
                          <ScenarioStatusBadge status={s.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card h="100%">
            <Title order={2} fz="lg" mb="sm">
              {t("app:dashboard.notifications")}
            </Title>
            {!data && !isError ? (
              <Loading />
            ) : (data?.notifications ?? []).length === 0 ? (
              <EmptyState
                title={t("common:notifications.empty")}
                icon={<IconBell size={28} stroke={1.5} aria-hidden />}
              />
            ) : (
              <Stack gap="sm">
                {data?.notifications.map((n) => (
                  <Paper key={n.id} p="sm" withBorder shadow="none">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fz="sm" fw={n.is_read ? 500 : 650}>
                          {n.title}
                        </Text>
                        <Text fz="xs" c="dimmed" lineClamp={2}>
                          {n.message}
                        </Text>
                      </Stack>
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                        {formatDate(n.created_at, lang)}
                      </Text>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={12}>
          <Card>
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="lg">
                {t("app:dashboard.latestCalculations")}
              </Title>
              <Anchor component={Link} to="/model/scenarios/calculations" fz="sm">
                {t("app:dashboard.viewAll")}
              </Anchor>
            </Group>
            {!data && !isError ? (
              <Loading />
            ) : (data?.latest_calculations ?? []).length === 0 ? (
              <EmptyState
                title={t("common:messages.noCalculation")}
                description={t("app:dashboard.noCalculationsHint")}
                icon={<IconCalculator size={28} stroke={1.5} aria-hidden />}
              />
            ) : (
              <div className="cf-table-wrap">
                <Table miw={560}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("model:calculations.category")}</Table.Th>
                      <Table.Th>{t("model:calculations.requestedAt")}</Table.Th>
                      <Table.Th>{t("model:calculations.finishedAt")}</Table.Th>
                      <Table.Th>{t("model:calculations.status")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data?.latest_calculations.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td>
                          {CATEGORY_LABELS[c.category] ? t(CATEGORY_LABELS[c.category]!) : c.category}
                        </Table.Td>
                        <Table.Td>{formatDateTime(c.requested_at, lang)}</Table.Td>
                        <Table.Td>{formatDateTime(c.finished_at, lang)}</Table.Td>
                        <Table.Td>
                          <CalculationStatusBadge status={c.status} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            )}
          </Card>
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
