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

/** A driver's value as the tables show it: numbers and dates in the interface's language. */
function driverCell(type: string, v: unknown, lang: string) {
  if (v === null || v === undefined || v === "") return "";
  if (type === "DECI") return <span className="cf-num">{formatNumber(Number(v), lang)}</span>;
  if (type === "DATE") return formatDate(String(v), lang);
  return String(v);
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
  const drivers = useAllDimensionDrivers(dimension).data?.results ?? [];
  const dimensionRow = useDimension(dimension).data;
  const title = dimensionRow?.title ?? dimension;
  const [editing, setEditing] = useState<Transaction | "new" | null>(null);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <DimensionDataHeader
        dimension={dimension}
        title={title}
        classic={classic}
        canCreate={drivers.length > 0}
        onUpload={() => setUploading(true)}
        onNew={() => setEditing("new")}
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
              <RecordsTable scenario={scenario} dimension={dimension} drivers={drivers} />
            ) : (
              <TransactionsTable
                scenario={scenario}
                dimension={dimension}
                drivers={drivers}
                onEdit={setEditing}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="drivers">
            <DriversTable dimension={dimension} />
          </Tabs.Panel>
        </Tabs>
        <Group mt="md">
          <Text fz="xs" c="dimmed">
            {t("model:dimensionData.scope")}
          </Text>
        </Group>
      </Card>
      <TransactionModal
        editing={editing}
        scenario={scenario}
        dimension={dimension}
        drivers={drivers}
        onClose={() => setEditing(null)}
      />
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

/** The title, a link to the other version of the page and (new version) upload and create. */
function DimensionDataHeader({
  dimension,
  title,
  classic,
  canCreate,
  onUpload,
  onNew,
}: {
  dimension: string;
  title: string;
  classic: boolean;
  canCreate: boolean;
  onUpload: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PageHeader
      actions={
        !classic && (
          <>
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={onUpload}>
              {t("data:dimensions.uploadRecords")}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={onNew}
              disabled={!canCreate}
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
  );
}

interface TableProps {
  scenario: number;
  dimension: string;
  drivers: DimensionDriver[];
}

/** The classic page's records, each driver's value editable in its cell. */
function RecordsTable({ scenario, dimension, drivers }: TableProps) {
  const { t, i18n } = useTranslation();
  const updateRecord = useUpdateRecord();
  return (
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
              display={driverCell(d.data_type, r.driverData?.[d.name], i18n.language)}
              value={r.driverData?.[d.name]}
              type={d.data_type}
              label={t("data:dimensions.editValue", { driver: d.name, id: r.identifier })}
              onSave={(value) => updateRecord.mutateAsync({ id: r.id, driverData: { [d.name]: value } })}
              testId={`record-${r.identifier}-${d.name}`}
            />
          ),
        })),
      ]}
    />
  );
}

function TransactionsTable({
  scenario,
  dimension,
  drivers,
  onEdit,
}: TableProps & { onEdit: (row: Transaction) => void }) {
  const { t, i18n } = useTranslation();
  return (
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
          cell: (r: Transaction) => driverCell(d.data_type, r.fields?.[d.name], i18n.language),
        })),
        {
          id: "actions",
          header: t("common:table.actions"),
          cell: (r: Transaction) => (
            <ActionIcon
              variant="subtle"
              aria-label={t("common:actions.edit")}
              onClick={() => onEdit(r)}
              data-testid={`edit-transaction-${r.transaction_id}`}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          ),
        },
      ]}
    />
  );
}

function DriversTable({ dimension }: { dimension: string }) {
  const { t } = useTranslation();
  return (
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
  );
}

function TransactionModal({
  editing,
  scenario,
  dimension,
  drivers,
  onClose,
}: TableProps & { editing: Transaction | "new" | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTransaction();
  const current = editing === "new" ? null : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
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
          onCancel={onClose}
          onSubmit={(values, fail) =>
            save.mutate(
              { ...values, dimension: Number(dimension), scenario, isNew: current === null },
              {
                onSuccess: () => {
                  onClose();
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
