import { Anchor, Badge, Card, Grid, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ReportStatus } from "../../../components/report-status";
import { RequireScenario } from "../../../components/require-context";
import { useValidationReport, type ValidationReport } from "../../../lib/api/get-validation-report";
import { useAppContext } from "../../../lib/app-context";
import { formatDateTime, formatNumber, moneyText } from "../../../lib/format";

function Ok({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return ok ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      {t("allocation:validation.ok")}
    </Badge>
  ) : (
    <Badge color="red" variant="light" leftSection={<IconCircleX size={12} aria-hidden />}>
      {t("allocation:validation.notOk")}
    </Badge>
  );
}

function Report({ report }: { report: ValidationReport }) {
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Reconciliation report={report} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Conservation report={report} />
        </Grid.Col>
      </Grid>
      <Issues report={report} />
    </Stack>
  );
}

/** The report's amounts in its currency and plain numbers, end-aligned. */
function useReportFormats(report: ValidationReport) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: number) => moneyText(v, lang, report.currency);
  const num = (v: number) => <span className="cf-num">{formatNumber(v, lang)}</span>;
  return { lang, money, num };
}

/** The general ledger total against where it went: records, each step's unallocated, the rest. */
function Reconciliation({ report }: { report: ValidationReport }) {
  const { t } = useTranslation();
  const { lang, money, num } = useReportFormats(report);
  const r = report.reconciliation;
  const lines: [string, number][] = [
    ["allocation:validation.onRecords", r.on_records],
    ...(["step1", "step2", "step3", "step4", "step5"] as const).map(
      (s, i) =>
        [t("allocation:validation.unallocatedStep", { n: i + 1 }), r.unallocated[s]] as [string, number],
    ),
    ["allocation:validation.notAllocated", r.not_allocated],
    ["allocation:validation.unknownAccounts", r.unknown_accounts],
  ];
  return (
    <Card h="100%" data-testid="reconciliation">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("allocation:validation.reconciliation")}
        </Title>
        <Ok ok={r.ok} />
      </Group>
      <Text fz="xs" c="dimmed" mb="sm">
        {t("allocation:validation.finishedAt", { time: formatDateTime(report.finished_at, lang) })}
      </Text>
      <Table fz="sm">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td fw={600}>{t("allocation:validation.glTotal")}</Table.Td>
            <Table.Td ta="end" fw={600} className="cf-num">
              {money(r.gl_total)}
            </Table.Td>
          </Table.Tr>
          {lines.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Td>{label.includes(":") ? t(label) : label}</Table.Td>
              <Table.Td ta="end">{num(value)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={600}>{t("allocation:validation.difference")}</Table.Td>
            <Table.Td ta="end" fw={600} c={r.ok ? "teal" : "red"} className="cf-num" data-testid="difference">
              {money(r.difference)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Each step: what came in, what it allocated, left unallocated and did not allocate. */
function Conservation({ report }: { report: ValidationReport }) {
  const { t } = useTranslation();
  const { num } = useReportFormats(report);
  return (
    <Card h="100%">
      <Title order={2} fz="md" mb="sm">
        {t("allocation:validation.conservation")}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table fz="sm" striped data-testid="conservation">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("allocation:validation.step")}</Table.Th>
              <Table.Th ta="end">{t("allocation:validation.in")}</Table.Th>
              <Table.Th ta="end">{t("allocation:validation.allocated")}</Table.Th>
              <Table.Th ta="end">{t("allocation:validation.unallocated")}</Table.Th>
              <Table.Th ta="end">{t("allocation:validation.notAllocated")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.steps.map((s) => (
              <Table.Tr key={s.step}>
                <Table.Td>
                  <Anchor component={Link} to={s.link} fz="sm">
                    {t(`common:nav.step${s.step}`)}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="end">{num(s.in)}</Table.Td>
                <Table.Td ta="end">{num(s.allocated)}</Table.Td>
                <Table.Td ta="end">{num(s.unallocated)}</Table.Td>
                <Table.Td ta="end">{num(s.not_allocated)}</Table.Td>
                <Table.Td>
                  <Ok ok={s.ok} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** What to fix, by step, each with a link to where; then the report's warnings. */
function Issues({ report }: { report: ValidationReport }) {
  const { t } = useTranslation();
  const { money } = useReportFormats(report);
  return (
    <Card data-testid="issues">
      <Title order={2} fz="md" mb="sm">
        {t("allocation:validation.issues", { count: report.issues.length })}
      </Title>
      {report.issues.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t("allocation:validation.noIssues")}
        </Text>
      ) : (
        <Stack gap="xs">
          {report.issues.map((issue) => (
            <Group
              key={`${issue.kind}-${issue.step}-${issue.message}`}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
            >
              <Stack gap={2}>
                <Group gap={6}>
                  <Badge size="sm" variant="outline">
                    {t("allocation:validation.stepBadge", { n: issue.step })}
                  </Badge>
                  <Text fz="sm">
                    {t(issue.message_key, { ...issue.values, defaultValue: issue.message })}
                  </Text>
                </Group>
                {issue.amount !== null && (
                  <Text fz="xs" c="dimmed" className="cf-num">
                    {money(issue.amount)}
                  </Text>
                )}
              </Stack>
              <Anchor component={Link} to={issue.link} fz="sm" style={{ whiteSpace: "nowrap" }}>
                {t("allocation:validation.fix")}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
      {report.warnings.map((w) => (
        <Text key={w} fz="xs" c="orange" mt="xs">
          {w}
        </Text>
      ))}
    </Card>
  );
}

function Validation({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const report = useValidationReport(scenario);
  return (
    <>
      <PageHeader
        title={t("allocation:validation.title")}
        description={t("allocation:validation.subtitle")}
      />
      <ReportStatus query={report}>{(data) => <Report report={data} />}</ReportStatus>
    </>
  );
}

export default function ValidationReportPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <Validation scenario={ctx.scenario.id} />}</RequireScenario>;
}
