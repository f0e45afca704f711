import type { CostPool, PoolDriver } from "@costflow/contract/cost";
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconAdjustments, IconPencil, IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { useAppContext } from "../../../lib/app-context";
import { formatNumber } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeletePool } from "../api/delete-pool";
import { useDeletePoolDriver } from "../api/delete-pool-driver";
import { COST_POOLS_KEY, getCostPools } from "../api/get-cost-pools";
import { usePoolDrivers } from "../api/get-pool-drivers";
import { useSavePool } from "../api/save-pool";
import { useSavePoolDriver } from "../api/save-pool-driver";
import { useSavePoolValues } from "../api/save-pool-values";
import { PoolDriverForm } from "../components/pool-driver-form";
import { PoolForm } from "../components/pool-form";
import { PoolValuesForm } from "../components/pool-values-form";
import { ScopeNote } from "../components/scope-note";
import { UploadDialog } from "../components/upload-dialog";

function Drivers({ model }: { model: number }) {
  const { t } = useTranslation();
  const drivers = usePoolDrivers(model);
  const save = useSavePoolDriver();
  const remove = useDeletePoolDriver();
  const [editing, setEditing] = useState<PoolDriver | "new" | null>(null);
  const current = editing === "new" ? null : editing;
  const list = drivers.data?.results ?? [];
  const tdabc = list.find((d) => d.is_tdabc && d.id !== current?.id) ?? null;
  return (
    <Card mt="lg" data-testid="pool-drivers">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:costPools.drivers")}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditing("new")}
          data-testid="create-pool-driver"
        >
          {t("data:pools.newDriver")}
        </Button>
      </Group>
      {list.length === 0 && !drivers.isLoading ? (
        <EmptyState title={t("common:messages.createDriverFirst")} />
      ) : (
        <Group gap="xs">
          {list.map((d) => (
            <Badge
              key={d.id}
              size="lg"
              variant="light"
              color={d.is_tdabc ? "grape" : "indigo"}
              rightSection={
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label={t("common:actions.edit")}
                    onClick={() => setEditing(d)}
                  >
                    <IconPencil size={12} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    color="red"
                    aria-label={t("common:actions.delete")}
                    onClick={() =>
                      openTypedConfirm({
                        title: t("data:pools.deleteDriverTitle"),
                        text: t("data:pools.deleteDriverText", { name: d.name }),
                        word: d.name,
                        onConfirm: () =>
                          remove.mutate(d.id, {
                            onSuccess: () =>
                              notifySuccess(t("common:messages.itemDeleted", { item: d.name })),
                            onError: () => notifyError(t("common:messages.deleteFailed")),
                          }),
                      })
                    }
                  >
                    <IconTrash size={12} aria-hidden />
                  </ActionIcon>
                </Group>
              }
            >
              {d.name} · {t(`data:driverTypes.${d.display_type}`)}
              {d.is_tdabc ? " · TDABC" : ""}
            </Badge>
          ))}
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t("data:pools.editDriver") : t("data:pools.newDriver")}
      >
        {editing !== null && (
          <PoolDriverForm
            initial={
              current
                ? { name: current.name, display_type: current.display_type, is_tdabc: current.is_tdabc }
                : undefined
            }
            otherTdabc={tdabc?.name ?? null}
            loading={save.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values, fail) =>
              save.mutate(
                { ...values, model, id: current?.id },
                {
                  onSuccess: (d) => {
                    setEditing(null);
                    notifySuccess(
                      t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", {
                        item: d.name,
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
    </Card>
  );
}

function CostPools({ model, scenario }: { model: number; scenario: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const save = useSavePool();
  const remove = useDeletePool();
  const saveValues = useSavePoolValues();
  const [editing, setEditing] = useState<CostPool | "new" | null>(null);
  const [valuesOf, setValuesOf] = useState<CostPool | null>(null);
  const [uploading, setUploading] = useState<"COST_POOLS" | "POOL_DRIVER_VALUES" | null>(null);
  const current = editing === "new" ? null : editing;

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
              cell: (r) => (
                <Stack gap={0}>
                  {(r.drivers ?? []).map((d) => (
                    <Text key={d.id} fz="xs">
                      <Text span c="dimmed" fz="xs">
                        {d.name}:
                      </Text>{" "}
                      <span className="cf-num">{d.value === null ? "—" : formatNumber(d.value, lang)}</span>
                    </Text>
                  ))}
                </Stack>
              ),
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
                      onClick={() => setValuesOf(r as CostPool)}
                      data-testid={`pool-values-${r.identifier}`}
                    >
                      <IconAdjustments size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <EditDeleteButtons
                    onEdit={() => setEditing(r)}
                    onDelete={() =>
                      openTypedConfirm({
                        title: t("data:pools.deleteTitle"),
                        text: t("data:pools.deleteText", { name: r.name }),
                        word: r.identifier,
                        onConfirm: () =>
                          remove.mutate(r.id, {
                            onSuccess: () =>
                              notifySuccess(t("common:messages.itemDeleted", { item: r.name })),
                            onError: () => notifyError(t("common:messages.deleteFailed")),
                          }),
                      })
                    }
                  />
                </Group>
              ),
            },
          ]}
        />
      </Card>
      <Drivers model={model} />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
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
            onCancel={() => setEditing(null)}
            onSubmit={(values, fail) =>
              save.mutate(
                { ...values, model, id: current?.id },
                {
                  onSuccess: (p) => {
                    setEditing(null);
                    notifySuccess(
                      t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", {
                        item: p.name,
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
        opened={valuesOf !== null}
        onClose={() => setValuesOf(null)}
        title={t("data:pools.valuesOf", { name: valuesOf?.name ?? "" })}
      >
        {valuesOf && (
          <PoolValuesForm
            pool={valuesOf}
            loading={saveValues.isPending}
            onCancel={() => setValuesOf(null)}
            onSubmit={(values) =>
              saveValues.mutate(
                { scenario, values: values.map((v) => ({ ...v, pool: valuesOf.id })) },
                {
                  onSuccess: () => {
                    setValuesOf(null);
                    notifySuccess(t("common:messages.savedSuccessfully"));
                  },
                  onError: () => notifyError(t("common:messages.saveFailed")),
                },
              )
            }
          />
        )}
      </Modal>
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

export default function CostPoolsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <CostPools model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
