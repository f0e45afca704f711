import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { CalculationStatusBadge, ScenarioStatusBadge } from "../../../components/status-badge";
import { formatCurrency, formatDate, formatDateTime, formatNumber, formatPercent } from "../../../lib/format";
import { LANGUAGE_NATIVE_NAMES, LANGUAGES } from "../../../lib/languages";
import { notifyError, notifySuccess } from "../../../lib/notify";

const SAMPLE_AMOUNT = 1234567.891;
const SAMPLE_RATIO = 0.125;
const SAMPLE_DATE = "2026-03-31";
const SAMPLE_DATETIME = "2026-03-31T14:05:00Z";

/** The building blocks every screen uses, shown once so designers and testers can check them. */
export default function ComponentsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("app:components.title")} description={t("app:components.subtitle")} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Section title={t("app:components.statuses")} text={t("app:components.statusesText")}>
          <Group gap="xs" mb="sm">
            <ScenarioStatusBadge status="NEW" />
            <ScenarioStatusBadge status="IN_PROGRESS" />
            <ScenarioStatusBadge status="FINISHED" />
          </Group>
          <Group gap="xs">
            {["REQUESTED", "IN_PROGRESS", "FINISHED", "ERROR", "STOPPED", "STOPPING"].map((s) => (
              <CalculationStatusBadge key={s} status={s} />
            ))}
          </Group>
        </Section>
        <Section title={t("app:components.toasts")} text={t("app:components.toastsText")}>
          <Group gap="xs">
            <Button
              variant="light"
              color="teal"
              onClick={() => notifySuccess(t("common:messages.savedSuccessfully"))}
            >
              {t("common:messages.savedSuccessfully")}
            </Button>
            <Button
              variant="light"
              color="red"
              onClick={() => notifyError(t("common:messages.pleaseTryAgain"), t("common:messages.error"))}
            >
              {t("common:messages.error")}
            </Button>
          </Group>
        </Section>
        <Section title={t("app:components.formats")} text={t("app:components.formatsText")}>
          <FormatsTable />
        </Section>
        <Section title={t("app:components.emptyStates")} text={t("app:components.emptyStatesText")}>
          <EmptyState title={t("common:messages.noResults")} description={t("app:components.emptyExample")} />
          <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />} mt="sm">
            {t("common:context.selectModelFirst")}
          </Alert>
        </Section>
        <Section title={t("app:components.badges")}>
          <Group gap="xs">
            <Badge>{t("common:values.beta")}</Badge>
            <Badge variant="light" color="grape">
              {t("app:components.tdabc")}
            </Badge>
            <Badge variant="outline">
              <Code fz="xs" bg="transparent">
                EUR
              </Code>
            </Badge>
          </Group>
        </Section>
      </SimpleGrid>
    </>
  );
}

/** A card of the gallery: its title, what it shows, and the examples. */
function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  return (
    <Card>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {text !== undefined && (
        <Text fz="sm" c="dimmed" mb="sm">
          {text}
        </Text>
      )}
      {children}
    </Card>
  );
}

/** A number, an amount, a percentage and a date in every language of the app. */
function FormatsTable() {
  const { t } = useTranslation();
  return (
    <div className="cf-table-wrap">
      <Table miw={520}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("common:language.label")}</Table.Th>
            <Table.Th>{t("app:components.number")}</Table.Th>
            <Table.Th>{t("app:components.currency")}</Table.Th>
            <Table.Th>{t("app:components.percent")}</Table.Th>
            <Table.Th>{t("app:components.date")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {LANGUAGES.map((l) => (
            <Table.Tr key={l}>
              <Table.Td lang={l}>{LANGUAGE_NATIVE_NAMES[l]}</Table.Td>
              <Table.Td className="cf-num">{formatNumber(SAMPLE_AMOUNT, l)}</Table.Td>
              <Table.Td className="cf-num">{formatCurrency(SAMPLE_AMOUNT, l, "EUR")}</Table.Td>
              <Table.Td className="cf-num">{formatPercent(SAMPLE_RATIO, l)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <span>{formatDate(SAMPLE_DATE, l)}</span>
                  <Text fz="xs" c="dimmed">
                    {formatDateTime(SAMPLE_DATETIME, l)}
                  </Text>
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
