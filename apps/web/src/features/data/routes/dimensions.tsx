import type { DimensionDriver, DimensionNode } from "@costflow/contract/dimensions";
import { Badge, Button, Card, Grid, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconTable, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { useAppContext } from "../../../lib/app-context";
import { DRIVER_STRIP_PAGE_SIZE } from "../../../lib/constants";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useCreateDriver } from "../api/create-driver";
import { useDeleteAllDrivers } from "../api/delete-all-drivers";
import { useDeleteDimension } from "../api/delete-dimension";
import { useDeleteDriver } from "../api/delete-driver";
import { useDimensionDriver } from "../api/get-dimension-driver";
import { getDimensionDrivers } from "../api/get-dimension-drivers";
import { DIMENSION_RECORDS_KEY } from "../api/get-dimension-records";
import { useDimensionTree } from "../api/get-dimension-tree";
import { useSaveDimension } from "../api/save-dimension";
import { useUpdateDriver } from "../api/update-driver";
import { DimensionForm } from "../components/dimension-form";
import { DimensionTree, flattenTree, subtreeIds } from "../components/dimension-tree";
import { DriverForm } from "../components/driver-form";
import { ScopeNote } from "../components/scope-note";

const TYPE_LABELS: Record<string, string> = {
  DECI: "model:software.dimEdit.types.decimal",
  TEXT: "model:software.dimEdit.types.text",
  DATE: "model:software.dimEdit.types.date",
  DIMENSION: "model:software.dimEdit.types.dimension",
};

function Dimensions({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const tree = useDimensionTree(model, scenario);
  const roots = tree.data?.dimensions ?? [];
  const all = flattenTree(roots);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = all.find((d) => d.id === selectedId) ?? all[0] ?? null;
  const [editing, setEditing] = useState<DimensionNode | "new" | null>(null);
  const [addingDriver, setAddingDriver] = useState(false);
  const [editingDriver, setEditingDriver] = useState<number | null>(null);
  const driverToEdit = useDimensionDriver(editingDriver);
  const updateDriver = useUpdateDriver();
  const saveDimension = useSaveDimension();
  const deleteDimension = useDeleteDimension();
  const createDriver = useCreateDriver();
  const deleteDriver = useDeleteDriver();
  const deleteAll = useDeleteAllDrivers();
  const current = editing === "new" ? null : editing;
  const titleOf = (id: number | null) =>
    all.find((d) => d.id === id)?.title ?? t("data:dimensionManager.noParent");

  const parentOptions = (node: DimensionNode | null) => {
    const excluded = node ? subtreeIds(node) : new Set<number>();
    return all.filter((d) => !excluded.has(d.id)).map((d) => ({ value: String(d.id), label: d.title }));
  };

  const askDeleteDimension = (d: DimensionNode) =>
    openTypedConfirm({
      title: t("data:dimensionManager.deleteTitle"),
      text: t("data:dimensionManager.deleteText", { name: d.title }),
      word: d.code,
      onConfirm: () =>
        deleteDimension.mutate(d.id, {
          onSuccess: () => {
            setSelectedId(null);
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

  return (
    <>
      <PageHeader
        title={t("model:dimensions.title")}
        description={t("model:dimensions.subtitle")}
        actions={
          <>
            <Button
              component={Link}
              to="/software/dimension/upload"
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("model:software.upload.title")}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing("new")}
              data-testid="create-dimension"
            >
              {t("data:dimensionManager.new")}
            </Button>
          </>
        }
      />
      <ScopeNote>{t("model:dimensions.scope")}</ScopeNote>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card>
            <Title order={2} fz="md" mb="sm">
              {t("data:dimensionManager.hierarchy")}
            </Title>
            {tree.isLoading ? (
              <Stack gap="xs">
                <Skeleton h={36} />
                <Skeleton h={36} />
                <Skeleton h={36} />
              </Stack>
            ) : roots.length === 0 ? (
              <EmptyState
                title={t("common:messages.noDimensions")}
                description={t("model:dimensions.empty")}
              />
            ) : (
              <DimensionTree
                roots={roots}
                selected={selected?.id ?? null}
                onSelect={(n) => setSelectedId(n.id)}
              />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {selected && (
            <Card data-testid="dimension-detail">
              <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
                <div>
                  <Title order={2} fz="lg">
                    {selected.title}
                  </Title>
                  <Group gap="xs" mt={4}>
                    <Badge variant="outline" tt="none" dir="ltr">
                      {selected.code}
                    </Badge>
                    <Text fz="xs" c="dimmed">
                      {t("data:dimensionManager.parentIs", { name: titleOf(selected.pid) })}
                    </Text>
                  </Group>
                </div>
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    component={Link}
                    to={`/model/scenario/dimension/data/${selected.id}`}
                    leftSection={<IconTable size={14} aria-hidden />}
                    data-testid="open-dimension-data"
                  >
                    {t("model:dimensions.openData")}
                  </Button>
                  <EditDeleteButtons
                    onEdit={() => setEditing(selected)}
                    onDelete={() => askDeleteDimension(selected)}
                    editTestId="edit-dimension"
                    deleteTestId="delete-dimension"
                  />
                </Group>
              </Group>
              <Group justify="space-between" mb="xs" mt="md">
                <Title order={3} fz="sm">
                  {t("model:dimensionData.drivers")}
                </Title>
                <Group gap="xs">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => askDeleteAll(selected)}
                    disabled={selected.drivers.length === 0}
                    data-testid="delete-all-drivers"
                  >
                    {t("data:dimensionManager.deleteAll")}
                  </Button>
                  <Button
                    size="compact-sm"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => setAddingDriver(true)}
                    data-testid="create-driver"
                  >
                    {t("data:dimensionManager.newDriver")}
                  </Button>
                </Group>
              </Group>
              <ApiTable<DimensionDriver>
                queryKey={[...DIMENSION_RECORDS_KEY, "drivers", String(selected.id)]}
                fetcher={(p: PageParams) => getDimensionDrivers(String(selected.id), p)}
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
                          onEdit={() => setEditingDriver(r.id)}
                          onDelete={() => askDeleteDriver(r)}
                          editLabel={t("data:dimensionManager.editDriverAction")}
                          editTestId={`edit-driver-${r.name}`}
                          deleteTestId={`delete-driver-${r.name}`}
                        />
                      </Group>
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </Grid.Col>
      </Grid>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          current
            ? t("data:dimensionManager.editTitle", { name: current.title })
            : t("data:dimensionManager.new")
        }
      >
        {editing !== null && (
          <DimensionForm
            initial={
              current
                ? { title: current.title, code: current.code, pid: current.pid }
                : { title: "", code: "", pid: null }
            }
            parents={parentOptions(current)}
            loading={saveDimension.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values, fail) =>
              saveDimension.mutate(
                { ...values, model, id: current?.id },
                {
                  onSuccess: (saved) => {
                    setEditing(null);
                    setSelectedId(saved.id);
                    notifySuccess(
                      t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", {
                        item: values.title,
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
      <Modal
        opened={editingDriver !== null}
        onClose={() => setEditingDriver(null)}
        title={t("data:dimensionManager.editDriver", { name: driverToEdit.data?.name ?? "" })}
      >
        {editingDriver !== null && driverToEdit.data && (
          <DriverForm
            key={driverToEdit.data.id}
            targets={all.map((d) => ({ value: String(d.id), label: d.title, code: d.code }))}
            initial={{
              name: driverToEdit.data.name,
              data_type: driverToEdit.data.data_type,
              target_dimension: driverToEdit.data.target_dimension,
              label: driverToEdit.data.label === driverToEdit.data.name ? "" : driverToEdit.data.label,
              is_pnl_line: driverToEdit.data.is_pnl_line,
            }}
            loading={updateDriver.isPending}
            onCancel={() => setEditingDriver(null)}
            onSubmit={(values, fail) => {
              const driver = driverToEdit.data!;
              updateDriver.mutate(
                {
                  id: driver.id,
                  label: values.label,
                  is_pnl_line: values.is_pnl_line,
                  ...(driver.data_type !== "DIMENSION" && values.name !== driver.name
                    ? { name: values.name }
                    : {}),
                },
                {
                  onSuccess: (saved) => {
                    setEditingDriver(null);
                    notifySuccess(t("common:messages.itemUpdated", { item: saved.name }));
                  },
                  onError: fail,
                },
              );
            }}
          />
        )}
      </Modal>
      <Modal
        opened={addingDriver && selected !== null}
        onClose={() => setAddingDriver(false)}
        title={t("data:dimensionManager.newDriverIn", { name: selected?.title ?? "" })}
      >
        {addingDriver && selected && (
          <DriverForm
            targets={all
              .filter((d) => d.id !== selected.id)
              .map((d) => ({ value: String(d.id), label: d.title, code: d.code }))}
            loading={createDriver.isPending}
            onCancel={() => setAddingDriver(false)}
            onSubmit={(values, fail) =>
              createDriver.mutate(
                {
                  dimension: selected.id,
                  data_type: values.data_type,
                  is_pnl_line: values.is_pnl_line,
                  ...(values.data_type === "DIMENSION"
                    ? { target_dimension: values.target_dimension }
                    : { name: values.name }),
                  ...(values.label ? { label: values.label } : {}),
                },
                {
                  onSuccess: (driver) => {
                    setAddingDriver(false);
                    notifySuccess(t("common:messages.itemCreated", { item: driver.name }));
                  },
                  onError: fail,
                },
              )
            }
          />
        )}
      </Modal>
    </>
  );
}

export default function DimensionsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Dimensions model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
