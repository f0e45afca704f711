// The model's pool drivers, shown under the cost pools (routes/cost-pools.tsx) as a strip of
// badges, each with its edit and delete; at most one driver is the TDABC one (minutes).
import type { PoolDriver } from "@costflow/contract/cost";
import { ActionIcon, Badge, Button, Card, Group, Modal, Title } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeletePoolDriver } from "../api/delete-pool-driver";
import { usePoolDrivers } from "../api/get-pool-drivers";
import { useSavePoolDriver } from "../api/save-pool-driver";
import { PoolDriverForm } from "./pool-driver-form";

export function PoolDrivers({ model }: { model: number }) {
  const { t } = useTranslation();
  const drivers = usePoolDrivers(model);
  const remove = useDeletePoolDriver();
  const [editing, setEditing] = useState<PoolDriver | "new" | null>(null);
  const list = drivers.data?.results ?? [];
  const askDelete = (d: PoolDriver) =>
    openTypedConfirm({
      title: t("data:pools.deleteDriverTitle"),
      text: t("data:pools.deleteDriverText", { name: d.name }),
      word: d.name,
      onConfirm: () =>
        remove.mutate(d.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: d.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
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
            <PoolDriverBadge
              key={d.id}
              driver={d}
              onEdit={() => setEditing(d)}
              onDelete={() => askDelete(d)}
            />
          ))}
        </Group>
      )}
      <PoolDriverModal model={model} editing={editing} drivers={list} onClose={() => setEditing(null)} />
    </Card>
  );
}

function PoolDriverBadge({
  driver: d,
  onEdit,
  onDelete,
}: {
  driver: PoolDriver;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Badge
      size="lg"
      variant="light"
      color={d.is_tdabc ? "grape" : "indigo"}
      rightSection={
        <Group gap={0} wrap="nowrap">
          <ActionIcon size="xs" variant="transparent" aria-label={t("common:actions.edit")} onClick={onEdit}>
            <IconPencil size={12} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="xs"
            variant="transparent"
            color="red"
            aria-label={t("common:actions.delete")}
            onClick={onDelete}
          >
            <IconTrash size={12} aria-hidden />
          </ActionIcon>
        </Group>
      }
    >
      {d.name} · {t(`data:driverTypes.${d.display_type}`)}
      {d.is_tdabc ? " · TDABC" : ""}
    </Badge>
  );
}

function PoolDriverModal({
  model,
  editing,
  drivers,
  onClose,
}: {
  model: number;
  editing: PoolDriver | "new" | null;
  drivers: PoolDriver[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSavePoolDriver();
  const current = editing === "new" ? null : editing;
  // Another driver already TDABC: the form names it, as this one would replace it.
  const tdabc = drivers.find((d) => d.is_tdabc && d.id !== current?.id) ?? null;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
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
          onCancel={onClose}
          onSubmit={(values, fail) =>
            save.mutate(
              { ...values, model, id: current?.id },
              {
                onSuccess: (d) => {
                  onClose();
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
  );
}
