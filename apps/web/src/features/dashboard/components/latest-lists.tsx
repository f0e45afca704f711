// The dashboard's three lists (latest scenarios, notifications, latest calculations). `rows` is
// undefined while the quick resume loads: skeleton lines, not the empty state.
import type { QuickResume } from "@costflow/contract/dashboard";
import { Anchor, Card, Group, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { IconBell, IconCalculator, IconStack2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { CalculationStatusBadge, ScenarioStatusBadge } from "../../../components/status-badge";
import { formatDate, formatDateTime } from "../../../lib/format";

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

export function LatestScenarios({ rows }: { rows: QuickResume["latest_scenarios"] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t("app:dashboard.latestScenarios")}
        </Title>
        <Anchor component={Link} to="/model/scenarios" fz="sm">
          {t("app:dashboard.viewAll")}
        </Anchor>
      </Group>
      {rows === undefined ? (
        <Loading />
      ) : rows.length === 0 ? (
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
              {rows.map((s) => (
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
  );
}

export function LatestNotifications({ rows }: { rows: QuickResume["notifications"] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t("app:dashboard.notifications")}
      </Title>
      {rows === undefined ? (
        <Loading />
      ) : rows.length === 0 ? (
        <EmptyState
          title={t("common:notifications.empty")}
          icon={<IconBell size={28} stroke={1.5} aria-hidden />}
        />
      ) : (
        <Stack gap="sm">
          {rows.map((n) => (
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
  );
}

export function LatestCalculations({ rows }: { rows: QuickResume["latest_calculations"] | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t("app:dashboard.latestCalculations")}
        </Title>
        <Anchor component={Link} to="/model/scenarios/calculations" fz="sm">
          {t("app:dashboard.viewAll")}
        </Anchor>
      </Group>
      {rows === undefined ? (
        <Loading />
      ) : rows.length === 0 ? (
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
              {rows.map((c) => (
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
  );
}
