import { ActionIcon, Badge, Button, Card, Group, Modal, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCheck, IconCopy, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { ScenarioStatusBadge } from "../../../components/status-badge";
import { getScenarios, SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import type { Scenario } from "../../../lib/api-types";
import { useAppContext } from "../../../lib/app-context";
import { formatDate } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useSelectScenario } from "../../../lib/use-select-scenario";
import { useSession } from "../../../lib/use-session";
import { useCreateScenario } from "../api/create-scenario";
import { useDeleteScenario } from "../api/delete-scenario";
import { DuplicateDialog } from "../components/duplicate-dialog";
import { emptyScenario, ScenarioForm } from "../components/scenario-form";

function ScenarioList({ modelId, modelName }: { modelId: number; modelName: string }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const [creating, setCreating] = useState(false);
  const [duplicating, setDuplicating] = useState<Scenario | null>(null);
  const canManage = ability.can("manage", "Scenario") || ability.can("create", "Scenario");

  return (
    <>
      <PageHeader
        title={t("model:scenarios.title")}
        description={t("model:scenarios.subtitle", { model: modelName })}
        actions={
          canManage && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              data-testid="create-scenario"
            >
              {t("model:scenarios.create")}
            </Button>
          )
        }
      />
      <ScenariosTable modelId={modelId} canManage={canManage} onDuplicate={setDuplicating} />
      <CreateScenarioModal modelId={modelId} opened={creating} onClose={() => setCreating(false)} />
      <DuplicateDialog model={modelId} origin={duplicating} onClose={() => setDuplicating(null)} />
    </>
  );
}

/** The model's scenarios; selecting one opens the workflow, editing one its manage page. */
function ScenariosTable({
  modelId,
  canManage,
  onDuplicate,
}: {
  modelId: number;
  canManage: boolean;
  onDuplicate: (scenario: Scenario) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAppContext();
  const select = useSelectScenario();
  const confirmDelete = useConfirmDeleteScenario();
  return (
    <Card>
      <ApiTable<Scenario>
        queryKey={[...SCENARIOS_KEY, modelId]}
        fetcher={(p: PageParams) => getScenarios(modelId, p)}
        defaultSort={[{ id: "created_at", desc: true }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("model:scenarios.empty")}
        getRowId={(s) => String(s.id)}
        testId="scenarios-table"
        columns={[
          {
            id: "name",
            header: t("model:scenarios.name"),
            sortable: true,
            cell: (s) => <ScenarioName name={s.name} selected={ctx.scenario?.id === s.id} />,
          },
          {
            id: "period_from",
            header: t("model:scenarios.period"),
            sortable: true,
            cell: (s) =>
              t("model:scenarios.periodRange", {
                from: formatDate(s.period_from, i18n.language),
                to: formatDate(s.period_to, i18n.language),
              }),
          },
          { id: "currency", header: t("model:scenarios.currency") },
          {
            id: "status",
            header: t("model:scenarios.status"),
            cell: (s) => <ScenarioStatusBadge status={s.status} />,
          },
          { id: "created_at", header: t("model:models.createdAt"), kind: "date", sortable: true },
          {
            id: "actions",
            header: t("common:table.actions"),
            cell: (s) => (
              <ScenarioRowActions
                id={s.id}
                selected={ctx.scenario?.id === s.id}
                canManage={canManage}
                onSelect={() => {
                  select(s);
                  navigate("/workflowdashboard");
                }}
                onDuplicate={() => onDuplicate(s)}
                onEdit={() => {
                  select(s, true);
                  navigate("/model/scenario/manage");
                }}
                onDelete={() => confirmDelete(s)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

function useConfirmDeleteScenario() {
  const { t } = useTranslation();
  const remove = useDeleteScenario();
  return (s: Scenario) =>
    modals.openConfirmModal({
      title: t("model:scenarios.deleteTitle"),
      children: <Text fz="sm">{t("model:scenarios.deleteText", { name: s.name })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: s.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
}

function ScenarioName({ name, selected }: { name: string; selected: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="sm" fw={600}>
        {name}
      </Text>
      {selected && (
        <Badge size="xs" variant="light" color="teal">
          {t("common:actions.selected")}
        </Badge>
      )}
    </Group>
  );
}

/** Select (the selected scenario says so), and for managers duplicate, edit and delete. */
function ScenarioRowActions({
  id,
  selected,
  canManage,
  onSelect,
  onDuplicate,
  onEdit,
  onDelete,
}: {
  id: number;
  selected: boolean;
  canManage: boolean;
  onSelect: () => void;
  onDuplicate: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant={selected ? "light" : "filled"}
        leftSection={selected ? <IconCheck size={14} aria-hidden /> : undefined}
        onClick={onSelect}
        data-testid={`select-scenario-${id}`}
      >
        {selected ? t("common:actions.selected") : t("common:actions.select")}
      </Button>
      {canManage && (
        <>
          <Tooltip label={t("data:scenarios.duplicate")}>
            <ActionIcon
              variant="subtle"
              aria-label={t("data:scenarios.duplicate")}
              onClick={onDuplicate}
              data-testid={`duplicate-scenario-${id}`}
            >
              <IconCopy size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
        </>
      )}
    </Group>
  );
}

function CreateScenarioModal({
  modelId,
  opened,
  onClose,
}: {
  modelId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const select = useSelectScenario();
  const create = useCreateScenario();
  return (
    <Modal opened={opened} onClose={onClose} title={t("model:scenarios.create")} size="lg">
      <ScenarioForm
        initial={emptyScenario()}
        submitLabel={t("common:actions.create")}
        loading={create.isPending}
        onCancel={onClose}
        onSubmit={(values, fail) =>
          create.mutate(
            { model: modelId, ...values },
            {
              onSuccess: (s) => {
                onClose();
                notifySuccess(t("common:messages.itemCreated", { item: s.name }));
                select(s, true);
              },
              onError: fail,
            },
          )
        }
      />
    </Modal>
  );
}

export default function ScenariosPage() {
  const ctx = useAppContext();
  return (
    <RequireModel>
      {ctx.model && <ScenarioList modelId={ctx.model.id} modelName={ctx.model.name} />}
    </RequireModel>
  );
}
