// The dimension page's two cards: the hierarchy on the left, the selected dimension with its
// drivers on the right; and the typed confirmations of its three deletes.
import type { DimensionDriver, DimensionNode } from "@costflow/contract/dimensions";
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconTable } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { EmptyState } from "../../../components/empty-state";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { DRIVER_STRIP_PAGE_SIZE } from "../../../lib/constants";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeleteAllDrivers } from "../api/delete-all-drivers";
import { useDeleteDimension } from "../api/delete-dimension";
import { useDeleteDriver } from "../api/delete-driver";
import { getDimensionDrivers } from "../api/get-dimension-drivers";
import { DIMENSION_RECORDS_KEY } from "../api/get-dimension-records";
import { DimensionTree } from "./dimension-tree";

const TYPE_LABELS: Record<string, string> = {
  DECI: "model:software.dimEdit.types.decimal",
  TEXT: "model:software.dimEdit.types.text",
  DATE: "model:software.dimEdit.types.date",
  DIMENSION: "model:software.dimEdit.types.dimension",
};

export function DimensionHierarchy({
  loading,
  roots,
  selected,
  onSelect,
}: {
  loading: boolean;
  roots: DimensionNode[];
  selected: number | null;
  onSelect: (node: DimensionNode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="sm">
        {t("data:dimensionManager.hierarchy")}
      </Title>
      {loading ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : roots.length === 0 ? (
        <EmptyState title={t("common:messages.noDimensions")} description={t("model:dimensions.empty")} />
      ) : (
        <DimensionTree roots={roots} selected={selected} onSelect={onSelect} />
      )}
    </Card>
  );
}

/** The three deletes of the dimension page, each behind a typed confirmation. */
export function useDimensionDeletes(onDimensionDeleted: () => void) {
  const { t } = useTranslation();
  const deleteDimension = useDeleteDimension();
  const deleteDriver = useDeleteDriver();
  const deleteAll = useDeleteAllDrivers();

  const askDeleteDimension = (d: DimensionNode) =>
    openTypedConfirm({
      title: t("data:dimensionManager.deleteTitle"),
      text: t("data:dimensionManager.deleteText", { name: d.title }),
      word: d.code,
      onConfirm: () =>
        deleteDimension.mutate(d.id, {
          onSuccess: () => {
            onDimensionDeleted();
            notifySuccess(t("common:messages.itemDeleted", { item: d.title }));
          },
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });

  const askDeleteDriver = (d: DimensionDriver) =>
    openTypedConfirm({
      title: t("data:dimensionManager.deleteDriverTitle"),
      text: t("data:dimensionManager.deleteDriverText", { name: d.name }),
      word: d.name,
      onConfirm: () =>
        deleteDriver.mutate(d.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: d.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });

  const askDeleteAll = (d: DimensionNode) =>
    openTypedConfirm({
      title: t("data:dimensionManager.deleteAllTitle"),
      text: t("data:dimensionManager.deleteAllText", { name: d.title }),
      word: d.code,
      onConfirm: () =>
        deleteAll.mutate(d.id, {
          onSuccess: (res) =>
            notifySuccess(
              t("data:dimensionManager.deletedAll", {
                drivers: res.drivers,
                relationships: res.relationship_drivers,
                records: res.records,
              }),
              t("common:messages.deleteSuccessfully"),
            ),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });

  return { askDeleteDimension, askDeleteDriver, askDeleteAll };
}

export function DimensionDetail({
  dimension,
  parentTitle,
  onEdit,
  onDelete,
  onDeleteAll,
  onAddDriver,
  onEditDriver,
  onDeleteDriver,
}: {
  dimension: DimensionNode;
  parentTitle: string;
  onEdit: () => void;
  onDelete: () => void;
  onDeleteAll: () => void;
  onAddDriver: () => void;
  onEditDriver: (id: number) => void;
  onDeleteDriver: (driver: DimensionDriver) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="dimension-detail">
      <DimensionHeading dimension={dimension} parentTitle={parentTitle} onEdit={onEdit} onDelete={onDelete} />
      <Group justify="space-between" mb="xs" mt="md">
        <Title order={3} fz="sm">
          {t("model:dimensionData.drivers")}
        </Title>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onDeleteAll}
            disabled={dimension.drivers.length === 0}
            data-testid="delete-all-drivers"
          >
            {t("data:dimensionManager.deleteAll")}
          </Button>
          <Button
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAddDriver}
            data-testid="create-driver"
          >
            {t("data:dimensionManager.newDriver")}
          </Button>
        </Group>
      </Group>
      <DriverStrip dimensionId={dimension.id} onEditDriver={onEditDriver} onDeleteDriver={onDeleteDriver} />
    </Card>
  );
}

/** The dimension's title, code and parent, with its data link and its edit and delete buttons. */
function DimensionHeading({
  dimension,
  parentTitle,
  onEdit,
  onDelete,
}: {
  dimension: DimensionNode;
  parentTitle: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
      <div>
        <Title order={2} fz="lg">
          {dimension.title}
        </Title>
        <Group gap="xs" mt={4}>
          <Badge variant="outline" tt="none" dir="ltr">
            {dimension.code}
          </Badge>
          <Text fz="xs" c="dimmed">
            {t("data:dimensionManager.parentIs", { name: parentTitle })}
          </Text>
        </Group>
      </div>
      <Group gap={4}>
        <Button
          size="compact-sm"
          variant="light"
          component={Link}
          to={`/model/scenario/dimension/data/${dimension.id}`}
          leftSection={<IconTable size={14} aria-hidden />}
          data-testid="open-dimension-data"
        >
          {t("model:dimensions.openData")}
        </Button>
        <EditDeleteButtons
          onEdit={onEdit}
          onDelete={onDelete}
          editTestId="edit-dimension"
          deleteTestId="delete-dimension"
        />
      </Group>
    </Group>
  );
}

function DriverStrip({
  dimensionId,
  onEditDriver,
  onDeleteDriver,
}: {
  dimensionId: number;
  onEditDriver: (id: number) => void;
  onDeleteDriver: (driver: DimensionDriver) => void;
}) {
  const { t } = useTranslation();
  return (
    <ApiTable<DimensionDriver>
      queryKey={[...DIMENSION_RECORDS_KEY, "drivers", String(dimensionId)]}
      fetcher={(p: PageParams) => getDimensionDrivers(String(dimensionId), p)}
      pageSize={DRIVER_STRIP_PAGE_SIZE}
      emptyTitle={t("common:messages.createDriverFirst")}
      testId="driver-strip"
      columns={[
        { id: "name", header: t("model:dimensionData.driverName"), sortable: true },
        {
          id: "data_type",
          header: t("model:dimensionData.dataType"),
          cell: (r) => {
            const key = TYPE_LABELS[r.data_type.toUpperCase()];
            return <Badge variant="light">{key ? t(key) : r.data_type}</Badge>;
          },
        },
        { id: "is_pnl_line", header: t("model:dimensionData.pnlLine"), kind: "boolean" },
        {
          id: "actions",
          header: t("common:table.actions"),
          cell: (r) => (
            <Group gap={4} wrap="nowrap">
              <EditDeleteButtons
                onEdit={() => onEditDriver(r.id)}
                onDelete={() => onDeleteDriver(r)}
                editLabel={t("data:dimensionManager.editDriverAction")}
                editTestId={`edit-driver-${r.name}`}
                deleteTestId={`delete-driver-${r.name}`}
              />
            </Group>
          ),
        },
      ]}
    />
  );
}
