import type { CostPool } from "@costflow/contract/cost";
import { ActionIcon, Badge, Button, Card, Group, Menu, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconAdjustments, IconPlus, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { useAppContext } from "../../../lib/app-context";
import { formatNumber } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeletePool } from "../api/delete-pool";
import { COST_POOLS_KEY, getCostPools } from "../api/get-cost-pools";
import { useSavePool } from "../api/save-pool";
import { useSavePoolValues } from "../api/save-pool-values";
import { PoolDrivers } from "../components/pool-drivers";
import { PoolForm } from "../components/pool-form";
import { PoolValuesForm } from "../components/pool-values-form";
import { savedAndClosed } from "../components/saved-and-closed";
import { ScopeNote } from "../components/scope-note";
import { UploadDialog } from "../components/upload-dialog";

function CostPools({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<CostPool | "new" | null>(null);
  const [valuesOf, setValuesOf] = useState<CostPool | null>(null);
  const [uploading, setUploading] = useState<"COST_POOLS" | "POOL_DRIVER_VALUES" | null>(null);

  return (
    <>
      <PageHeader
        title={t("model:costPools.title")}
        description={t("model:costPools.subtitle")}
        actions={
          <>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
                  {t("common:actions.upload")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setUploading("COST_POOLS")}>
                  {t("model:software.kinds.costPools")}
                </Menu.Item>
                <Menu.Item onClick={() => setUploading("POOL_DRIVER_VALUES")}>
                  {t("model:software.kinds.poolDriverValues")}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing("new")}
              data-testid="create-pool"
            >
              {t("data:pools.create")}
            </Button>
          </>
        }
      />
      <ScopeNote>{t("model:costPools.scope")}</ScopeNote>
      <CostPoolsTable scenario={scenario} onEdit={setEditing} onValues={setValuesOf} />
      <PoolDrivers model={model} />

      <PoolModal model={model} editing={editing} onClose={() => setEditing(null)} />
      <PoolValuesModal scenario={scenario} pool={valuesOf} onClose={() => setValuesOf(null)} />
      <UploadDialog
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={t(
          uploading === "POOL_DRIVER_VALUES"
            ? "model:software.kinds.poolDriverValues"
            : "model:software.kinds.costPools",
        )}
        scenario={scenario}
        kind={uploading ?? "COST_POOLS"}
        refreshKeys={[COST_POOLS_KEY]}
      />
    </>
  );
}

/** The pools with their driver values; each row opens its values, its edit and its delete. */
function CostPoolsTable({
  scenario,
  onEdit,
  onValues,
}: {
  scenario: number;
  onEdit: (pool: CostPool) => void;
  onValues: (pool: CostPool) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePool();
  const askDelete = (r: CostPool) =>
    openTypedConfirm({
      title: t("data:pools.deleteTitle"),
      text: t("data:pools.deleteText", { name: r.name }),
      word: r.identifier,
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: r.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
  return (
    <Card>
      <ApiTable<CostPool>
        queryKey={[...COST_POOLS_KEY, scenario]}
        fetcher={(p: PageParams) => getCostPools(scenario, p)}
        searchable
        defaultSort={[{ id: "identifier", desc: false }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("model:costPools.empty")}
        getRowId={(r) => String(r.id)}
        testId="cost-pools-table"
        columns={[
          { id: "identifier", header: t("model:costPools.identifier"), sortable: true },
          { id: "name", header: t("model:costPools.name"), sortable: true },
          {
            id: "is_direct",
            header: t("model:costPools.kind"),
            sortable: true,
            cell: (r) => (
              <Badge variant="light" color={r.is_direct ? "teal" : "orange"}>
                {r.is_direct ? t("model:costPools.direct") : t("model:costPools.indirect")}
              </Badge>
            ),
          },
          {
            id: "drivers",
            header: t("data:pools.values"),
            cell: (r) => <PoolDriverValues drivers={r.drivers ?? []} />,
          },
          {
            id: "actions",
            header: t("common:table.actions"),
            cell: (r) => (
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t("data:pools.setValues")}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("data:pools.setValues")}
                    onClick={() => onValues(r as CostPool)}
                    data-testid={`pool-values-${r.identifier}`}
                  >
                    <IconAdjustments size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <EditDeleteButtons onEdit={() => onEdit(r)} onDelete={() => askDelete(r)} />
              </Group>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** A pool's value of each pool driver ('—' when it has none). */
function PoolDriverValues({ drivers }: { drivers: NonNullable<CostPool["drivers"]> }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0}>
      {drivers.map((d) => (
        <Text key={d.id} fz="xs">
          <Text span c="dimmed" fz="xs">
            {d.name}:
          </Text>{" "}
          <span className="cf-num">{d.value === null ? "—" : formatNumber(d.value, i18n.language)}</span>
        </Text>
      ))}
    </Stack>
  );
}

function PoolModal({
  model,
  editing,
  onClose,
}: {
  model: number;
  editing: CostPool | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePool();
  const current = editing === "new" ? null : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={current ? t("data:pools.edit") : t("data:pools.create")}
    >
      {editing !== null && (
        <PoolForm
          initial={
            current
              ? { identifier: current.identifier, name: current.name, is_direct: current.is_direct }
              : undefined
          }
          loading={save.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) =>
            save.mutate(
              { ...values, model, id: current?.id },
              savedAndClosed(t, current !== null, onClose, fail),
            )
          }
        />
      )}
    </Modal>
  );
}

function PoolValuesModal({
  scenario,
  pool,
  onClose,
}: {
  scenario: number;
  pool: CostPool | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const saveValues = useSavePoolValues();
  return (
    <Modal
      opened={pool !== null}
      onClose={onClose}
      title={t("data:pools.valuesOf", { name: pool?.name ?? "" })}
    >
      {pool && (
        <PoolValuesForm
          pool={pool}
          loading={saveValues.isPending}
          onCancel={onClose}
          onSubmit={(values) =>
            saveValues.mutate(
              { scenario, values: values.map((v) => ({ ...v, pool: pool.id })) },
              {
                onSuccess: () => {
                  onClose();
                  notifySuccess(t("common:messages.savedSuccessfully"));
                },
                onError: () => notifyError(t("common:messages.saveFailed")),
              },
            )
          }
        />
      )}
    </Modal>
  );
}

export default function CostPoolsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <CostPools model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
