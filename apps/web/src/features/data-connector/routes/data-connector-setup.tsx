import {
  Alert,
  Card,
  Code,
  Grid,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconApi, IconFileSpreadsheet, IconInfoCircle, IconTemplate } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";

const OPTIONS = [
  { icon: IconTemplate, title: "app:connector.bi.title", text: "app:connector.bi.text" },
  { icon: IconFileSpreadsheet, title: "app:connector.csv.title", text: "app:connector.csv.text" },
  { icon: IconApi, title: "app:connector.api.title", text: "app:connector.api.text" },
];

const STEPS = [
  "app:connector.steps.s1",
  "app:connector.steps.s2",
  "app:connector.steps.s3",
  "app:connector.steps.s4",
  "app:connector.steps.s5",
];

const TABLES = [
  { name: "financial_accounts", text: "app:connector.tables.accounts" },
  { name: "cost_pools", text: "app:connector.tables.costPools" },
  { name: "activities", text: "app:connector.tables.activities" },
  { name: "allocation_results", text: "app:connector.tables.results" },
  { name: "dimension_records", text: "app:connector.tables.records" },
  { name: "pl_lines", text: "app:connector.tables.plLines" },
];

export default function DataConnectorSetupPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("app:connector.title")} description={t("app:connector.subtitle")} />
      <SimpleGrid cols={{ base: 1, md: 3 }} mb="lg">
        {OPTIONS.map((o) => (
          <Card key={o.title}>
            <ThemeIcon size={40} variant="light" radius="md" mb="sm">
              <o.icon size={22} aria-hidden />
            </ThemeIcon>
            <Text fw={650} mb={4}>
              {t(o.title)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t(o.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ConnectSteps />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ExposedTables />
        </Grid.Col>
      </Grid>
      <Alert
        mt="lg"
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        title={t("app:connector.securityTitle")}
      >
        {t("app:connector.securityText")}
      </Alert>
    </>
  );
}

/** How to connect a BI tool, with a sample request. */
function ConnectSteps() {
  const { t } = useTranslation();
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t("app:connector.stepsTitle")}
      </Title>
      <List type="ordered" spacing="sm" fz="sm">
        {STEPS.map((s) => (
          <List.Item key={s}>{t(s)}</List.Item>
        ))}
      </List>
      <Title order={3} fz="md" mt="lg" mb="xs">
        {t("app:connector.requestTitle")}
      </Title>
      <Code block dir="ltr">
        {
          "GET /api/v1/model/scenarios/?model=<model id>&limit=100&offset=0\nAuthorization: Bearer <access token>\nAccept-Language: en"
        }
      </Code>
      <Text fz="xs" c="dimmed" mt="xs">
        {t("app:connector.requestText")}
      </Text>
    </Card>
  );
}

/** The tables the connector exposes, and the CSV alternative. */
function ExposedTables() {
  const { t } = useTranslation();
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t("app:connector.tablesTitle")}
      </Title>
      <div className="cf-table-wrap">
        <Table miw={420}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("app:connector.table")}</Table.Th>
              <Table.Th>{t("app:connector.contents")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {TABLES.map((tb) => (
              <Table.Tr key={tb.name}>
                <Table.Td>
                  <Code>{tb.name}</Code>
                </Table.Td>
                <Table.Td fz="sm">{t(tb.text)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Stack gap="xs" mt="md">
        <Title order={3} fz="md">
          {t("app:connector.csvTitle")}
        </Title>
        <Text fz="sm">{t("app:connector.csvText")}</Text>
      </Stack>
    </Card>
  );
}
