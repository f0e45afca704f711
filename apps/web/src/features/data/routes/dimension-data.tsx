import type { DimensionDriver, DimensionRecord } from "@costflow/contract/dimensions";
import type { Transaction } from "@costflow/contract/transactional-data";
import { ActionIcon, Anchor, Badge, Button, Card, Group, Modal, Tabs, Text } from "@mantine/core";
import { IconListDetails, IconPencil, IconPlus, IconUpload, IconVariable } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { formatDate, formatNumber } from "../../../lib/format";
import { notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useAllDimensionDrivers } from "../api/get-all-dimension-drivers";
import { useDimension } from "../api/get-dimension";
import { getDimensionDrivers } from "../api/get-dimension-drivers";
import { DIMENSION_RECORDS_KEY, getDimensionRecords, getTransactions } from "../api/get-dimension-records";
import { useSaveTransaction } from "../api/save-transaction";
import { useUpdateRecord } from "../api/update-record";
import { InlineRecordCell } from "../components/inline-record-cell";
import { TransactionForm } from "../components/transaction-form";
import { UploadDialog } from "../components/upload-dialog";

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

function DimensionData({
  scenario,
  dimension,
  classic,
}: {
  scenario: number;
  dimension: string;
  classic: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const drivers = useAllDimensionDrivers(dimension).data?.results ?? [];
  const dimensionRow = useDimension(dimension).data;
  const title = dimensionRow?.title ?? dimension;
  const save = useSaveTransaction();
  const updateRecord = useUpdateRecord();
  const [editing, setEditing] = useState<Transaction | "new" | null>(null);
  const [uploading, setUploading] = useState(false);
  const current = editing === "new" ? null : editing;
  const cellOf = (type: string, v: unknown) => {
    if (v === null || v === undefined || v === "") return "";
    if (type === "DECI") return <span className="cf-num">{formatNumber(Number(v), lang)}</span>;
    if (type === "DATE") return formatDate(String(v), lang);
    return String(v);
  };
  return (
    <>
      <PageHeader
        actions={
          !classic && (
            <>
              <Button
                variant="default"
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => setUploading(true)}
              >
                {t("data:dimensions.uploadRecords")}
              </Button>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing("new")}
                disabled={drivers.length === 0}
                data-testid="create-transaction"
              >
                {t("data:dimensions.newTransaction")}
              </Button>
            </>
          )
        }
        title={classic ? t("model:dimensionData.titleClassic") : t("model:dimensionData.title")}
        description={t("model:dimensionData.subtitle", { dimension: title })}
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
              <ApiTable<DimensionRecord>
                queryKey={[...DIMENSION_RECORDS_KEY, "records", scenario, dimension]}
                fetcher={(p: PageParams) => getDimensionRecords(scenario, dimension, p)}
                searchable
                searchPlaceholder={t("data:dimensions.searchTransactions")}
                emptyTitle={t("common:messages.noResults")}
                getRowId={(r) => String(r.id)}
                testId="records-table"
                columns={[
                  { id: "identifier", header: t("model:dimensionData.identifier"), sortable: true },
                  ...drivers.map((d) => ({
                    id: d.name,
                    header: d.label || d.name,
                    sortable: true,
                    cell: (r: DimensionRecord) => (
                      <InlineRecordCell
                        display={cellOf(d.data_type, r.driverData?.[d.name])}
                        value={r.driverData?.[d.name]}
                        type={d.data_type}
                        label={t("data:dimensions.editValue", { driver: d.name, id: r.identifier })}
                        onSave={(value) =>
                          updateRecord.mutateAsync({ id: r.id, driverData: { [d.name]: value } })
                        }
                        testId={`record-${r.identifier}-${d.name}`}
                      />
                    ),
                  })),
                ]}
              />
            ) : (
              <ApiTable<Transaction>
                queryKey={[...DIMENSION_RECORDS_KEY, "transactions", scenario, dimension]}
                fetcher={(p: PageParams) => getTransactions(scenario, dimension, p)}
                searchable
                searchPlaceholder={t("data:dimensions.searchTransactions")}
                emptyTitle={t("common:messages.noResults")}
                getRowId={(r) => r.transaction_id}
                testId="transactions-table"
                columns={[
                  { id: "transaction_id", header: t("model:dimensionData.transactionId"), sortable: true },
                  ...drivers.map((d) => ({
                    id: d.name,
                    header: d.label || d.name,
                    sortable: true,
                    cell: (r: Transaction) => cellOf(d.data_type, r.fields?.[d.name]),
                  })),
                  {
                    id: "actions",
                    header: t("common:table.actions"),
                    cell: (r: Transaction) => (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("common:actions.edit")}
                        onClick={() => setEditing(r)}
                        data-testid={`edit-transaction-${r.transaction_id}`}
                      >
                        <IconPencil size={16} aria-hidden />
                      </ActionIcon>
                    ),
                  },
                ]}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="drivers">
            <ApiTable<DimensionDriver>
              queryKey={[...DIMENSION_RECORDS_KEY, "drivers", dimension]}
              fetcher={(p: PageParams) => getDimensionDrivers(dimension, p)}
              emptyTitle={t("common:messages.createDriverFirst")}
              testId="drivers-table"
              columns={[
                { id: "name", header: t("model:dimensionData.driverName"), sortable: true },
                {
                  id: "type",
                  header: t("model:dimensionData.dataType"),
                  cell: (r) => <Badge variant="light">{driverTypeLabel(t, r.data_type)}</Badge>,
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
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={
          current
            ? t("data:dimensions.editTransaction", { id: current.transaction_id })
            : t("data:dimensions.newTransaction")
        }
      >
        {editing !== null && (
          <TransactionForm
            drivers={drivers}
            initial={current}
            loading={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values, fail) =>
              save.mutate(
                { ...values, dimension: Number(dimension), scenario, isNew: current === null },
                {
                  onSuccess: () => {
                    setEditing(null);
                    notifySuccess(
                      t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", {
                        item: values.transaction_id,
                      }),
                    );
                  },
                  onError: fail,
                },
              )
            }
          />
        )}
      </Modal>
      <UploadDialog
        opened={uploading}
        onClose={() => setUploading(false)}
        title={t("data:dimensions.uploadRecords")}
        scenario={scenario}
        kind="RECORDS"
        dimension={Number(dimension)}
        dimensionCode={dimensionRow?.code}
        refreshKeys={[DIMENSION_RECORDS_KEY]}
      />
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
