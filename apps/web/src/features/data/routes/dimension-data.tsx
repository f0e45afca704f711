import { Anchor, Badge, Card, Group, Tabs, Text } from "@mantine/core";
import { IconListDetails, IconVariable } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DRIVER_STRIP_PAGE_SIZE } from "../../../lib/constants";
import type { PageParams } from "../../../lib/paged";
import {
  DIMENSION_RECORDS_KEY,
  type DimensionDriverRow,
  getDimensionDrivers,
  getDimensionRecords,
  getTransactions,
  type RecordRow,
  type TransactionRow,
} from "../api/get-dimension-records";

const DRIVER_TYPE_LABELS: Record<string, string> = {
  DECI: "model:software.dimEdit.types.decimal",
  TEXT: "model:software.dimEdit.types.text",
  DATE: "model:software.dimEdit.types.date",
  DIMENSION: "model:software.dimEdit.types.dimension",
};

function driverTypeLabel(t: (key: string) => string, type: string): string {
  const key = DRIVER_TYPE_LABELS[type.toUpperCase()];
  return key ? t(key) : type;
}

function fieldsText(fields: Record<string, unknown> | undefined): string {
  return Object.entries(fields ?? {})
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(" · ");
}

function DimensionData({
  scenario,
  dimension,
  classic,
}: {
  scenario: number;
  dimension: string;
  classic: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={classic ? t("model:dimensionData.titleClassic") : t("model:dimensionData.title")}
        description={t("model:dimensionData.subtitle", { dimension })}
        badge={
          <Anchor
            component={Link}
            fz="sm"
            to={
              classic
                ? `/model/scenario/dimension/data/${dimension}`
                : `/model/scenario/dimension/data/${dimension}/old`
            }
          >
            {classic ? t("model:dimensionData.switchToNew") : t("model:dimensionData.switchToClassic")}
          </Anchor>
        }
      />
      <Card>
        <Tabs defaultValue="rows" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="rows" leftSection={<IconListDetails size={16} aria-hidden />}>
              {classic ? t("model:dimensionData.records") : t("model:dimensionData.transactions")}
            </Tabs.Tab>
            <Tabs.Tab value="drivers" leftSection={<IconVariable size={16} aria-hidden />}>
              {t("model:dimensionData.drivers")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rows">
            {classic ? (
              <ApiTable<RecordRow>
                queryKey={[...DIMENSION_RECORDS_KEY, "records", scenario, dimension]}
                fetcher={(p: PageParams) => getDimensionRecords(scenario, dimension, p)}
                emptyTitle={t("common:messages.noResults")}
                testId="records-table"
                columns={[
                  { id: "identifier", header: t("model:dimensionData.identifier") },
                  {
                    id: "driverData",
                    header: t("model:dimensionData.values"),
                    cell: (r) => fieldsText(r.driverData),
                  },
                ]}
              />
            ) : (
              <ApiTable<TransactionRow>
                queryKey={[...DIMENSION_RECORDS_KEY, "transactions", scenario, dimension]}
                fetcher={(p: PageParams) => getTransactions(scenario, dimension, p)}
                searchable
                emptyTitle={t("common:messages.noResults")}
                testId="transactions-table"
                columns={[
                  { id: "transaction_id", header: t("model:dimensionData.transactionId"), sortable: true },
                  {
                    id: "fields",
                    header: t("model:dimensionData.values"),
                    cell: (r) => (
                      <Text fz="sm" lineClamp={2}>
                        {fieldsText(r.fields)}
                      </Text>
                    ),
                  },
                ]}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="drivers">
            <ApiTable<DimensionDriverRow>
              queryKey={[...DIMENSION_RECORDS_KEY, "drivers", dimension]}
              fetcher={(p: PageParams) => getDimensionDrivers(dimension, p)}
              pageSize={DRIVER_STRIP_PAGE_SIZE}
              emptyTitle={t("common:messages.createDriverFirst")}
              testId="drivers-table"
              columns={[
                { id: "name", header: t("model:dimensionData.driverName"), sortable: true },
                {
                  id: "type",
                  header: t("model:dimensionData.dataType"),
                  cell: (r) => (
                    <Badge variant="light">{driverTypeLabel(t, r.data_type ?? r.type ?? "")}</Badge>
                  ),
                },
                { id: "is_pnl_line", header: t("model:dimensionData.pnlLine"), kind: "boolean" },
              ]}
            />
          </Tabs.Panel>
        </Tabs>
        <Group mt="md">
          <Text fz="xs" c="dimmed">
            {t("model:dimensionData.scope")}
          </Text>
        </Group>
      </Card>
    </>
  );
}

export default function DimensionDataPage() {
  const ctx = useAppContext();
  const { dimensionId = "" } = useParams();
  const classic = useLocation().pathname.replace(/\/+$/, "").endsWith("/old");
  return (
    <RequireScenario>
      {ctx.scenario && <DimensionData scenario={ctx.scenario.id} dimension={dimensionId} classic={classic} />}
    </RequireScenario>
  );
}
