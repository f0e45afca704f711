import { Accordion, Card, Code, Group, List, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";

// The model bundle format (docs: guide/model-bundle.md): file names and columns are fixed codes;
// what each file means is translated.
const FILES = [
  {
    file: "model.json",
    columns: '{"name", "short_description", "scenario": {...}}',
    text: "model:software.doc.files.model",
  },
  {
    file: "accounts.csv",
    columns: "account_code,name,expense_group",
    text: "model:software.doc.files.accounts",
  },
  {
    file: "account_values.csv",
    columns: "account_code,amount",
    text: "model:software.doc.files.accountValues",
  },
  { file: "cost_pools.csv", columns: "pool_code,name,is_direct", text: "model:software.doc.files.costPools" },
  { file: "pool_drivers.csv", columns: "driver_name,is_tdabc", text: "model:software.doc.files.poolDrivers" },
  {
    file: "pool_driver_values.csv",
    columns: "driver_name,pool_code,value",
    text: "model:software.doc.files.poolDriverValues",
  },
  {
    file: "activities.csv",
    columns: "activity_code,name,pool_code,is_tdabc",
    text: "model:software.doc.files.activities",
  },
  {
    file: "dimensions.csv",
    columns: "dimension_code,name,parent_dimension_code",
    text: "model:software.doc.files.dimensions",
  },
  {
    file: "dimension_drivers.csv",
    columns: "dimension_code,driver_name,data_type",
    text: "model:software.doc.files.dimensionDrivers",
  },
  {
    file: "records/<dimension_code>.csv",
    columns: "identifier,<driver_name>...",
    text: "model:software.doc.files.records",
  },
  {
    file: "calculated_drivers.csv",
    columns: "dimension_code,name,formula,is_pnl_line",
    text: "model:software.doc.files.calculatedDrivers",
  },
  {
    file: "rules_step1.csv",
    columns: "account_code,pool_code,type,percentage,driver_name",
    text: "model:software.doc.files.step1",
  },
  {
    file: "rules_step2.csv",
    columns: "source_pool_code,destination_pool_code,type,percentage,driver_name",
    text: "model:software.doc.files.step2",
  },
  {
    file: "rules_step3.csv",
    columns: "pool_code,activity_code,percentage,unit_minutes",
    text: "model:software.doc.files.step3",
  },
  {
    file: "rules_step4.csv",
    columns: "activity_code,dimension_code,split_type,driver_name,equation",
    text: "model:software.doc.files.step4",
  },
  {
    file: "rules_step5.csv",
    columns: "activity_code,parent_dimension_code,child_dimension_code,split",
    text: "model:software.doc.files.step5",
  },
  {
    file: "rules_step6.csv",
    columns: "calculated_driver,parent_dimension_code,child_dimension_code,split",
    text: "model:software.doc.files.step6",
  },
  {
    file: "pnl_lines.csv",
    columns:
      "code,description,category,activity_code,calculated_driver,dimension_code,formula,factor,parent_code,rank",
    text: "model:software.doc.files.pnlLines",
  },
];

const RULES = [
  "model:software.doc.rules.r1",
  "model:software.doc.rules.r2",
  "model:software.doc.rules.r3",
  "model:software.doc.rules.r4",
  "model:software.doc.rules.r5",
];

const EXAMPLE = "account_code,name,expense_group\nCS_COST,Customer service department,Personnel";

export default function DocStructurePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("model:software.doc.title")} description={t("model:software.doc.subtitle")} />
      <Card mb="lg">
        <Title order={2} fz="md" mb="sm">
          {t("model:software.doc.rulesTitle")}
        </Title>
        <List fz="sm" spacing={6}>
          {RULES.map((r) => (
            <List.Item key={r}>{t(r)}</List.Item>
          ))}
        </List>
        <Text fz="sm" mt="md" mb={4}>
          {t("model:software.doc.example")}
        </Text>
        <Code block dir="ltr">
          {EXAMPLE}
        </Code>
      </Card>
      <Card>
        <Title order={2} fz="md" mb="sm">
          {t("model:software.doc.filesTitle")}
        </Title>
        <div className="cf-table-wrap">
          <Table miw={720} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("model:software.doc.file")}</Table.Th>
                <Table.Th>{t("model:software.doc.columns")}</Table.Th>
                <Table.Th>{t("model:software.doc.meaning")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FILES.map((f) => (
                <Table.Tr key={f.file}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <Code>{f.file}</Code>
                  </Table.Td>
                  <Table.Td dir="ltr">
                    <Text ff="monospace" fz="xs" style={{ wordBreak: "break-word" }}>
                      {f.columns}
                    </Text>
                  </Table.Td>
                  <Table.Td fz="sm">{t(f.text)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <Accordion mt="md" variant="contained">
          <Accordion.Item value="types">
            <Accordion.Control>{t("model:software.doc.typesTitle")}</Accordion.Control>
            <Accordion.Panel>
              <Group gap="xs" mb="xs">
                {["DECIMAL", "TEXT", "DATE", "DIMENSION"].map((d) => (
                  <Code key={d}>{d}</Code>
                ))}
              </Group>
              <Text fz="sm">{t("model:software.doc.typesText")}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </Card>
    </>
  );
}
