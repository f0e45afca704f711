import { ActionIcon, Badge, Button, Card, Group, Modal, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconDownload, IconFileImport, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { openTypedConfirm } from "../../../components/typed-confirm";
import type { CostModel } from "../../../lib/api-types";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/use-session";
import { useCreateModel } from "../api/create-model";
import { useDeleteModel } from "../api/delete-model";
import { getModels, MODELS_KEY } from "../api/get-models";
import { useUpdateModel } from "../api/update-model";
import { ExportModelDialog } from "../components/export-model-dialog";
import { ImportModelDialog } from "../components/import-model-dialog";
import { ModelForm } from "../components/model-form";
import { useSelectCreated } from "../components/use-select-created";
import { useSelectModel } from "../components/use-select-model";

export default function ModelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { ability } = useSession();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CostModel | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<CostModel | null>(null);
  const selectCreated = useSelectCreated();
  const canManage = ability.can("manage", "Model") || ability.can("create", "Model");

  return (
    <>
      <PageHeader
        title={t("model:models.title")}
        description={t("model:models.subtitle")}
        actions={
          canManage && (
            <>
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
                data-testid="import-model"
              >
                {t("data:models.import")}
              </Button>
              <Button variant="default" component={Link} to="/model/new">
                {t("model:models.guidedCreate")}
              </Button>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setCreating(true)}
                data-testid="create-model"
              >
                {t("model:models.create")}
              </Button>
            </>
          )
        }
      />
      <ModelsTable canManage={canManage} onEdit={setEditing} onExport={setExporting} />

      <CreateModelModal opened={creating} onClose={() => setCreating(false)} />
      <EditModelModal model={editing} onClose={() => setEditing(null)} />
      <ImportModelDialog
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={(created) => {
          void selectCreated(created).then(() => navigate("/model/scenarios"));
        }}
      />
      <ExportModelDialog model={exporting} onClose={() => setExporting(null)} />
    </>
  );
}

/** The company's models; selecting one opens its scenarios. */
function ModelsTable({
  canManage,
  onEdit,
  onExport,
}: {
  canManage: boolean;
  onEdit: (model: CostModel) => void;
  onExport: (model: CostModel) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAppContext();
  const select = useSelectModel();
  const confirmDelete = useConfirmDeleteModel();

  return (
    <Card>
      <ApiTable<CostModel>
        queryKey={[...MODELS_KEY, ctx.company]}
        fetcher={getModels}
        searchable
        searchPlaceholder={t("model:models.search")}
        defaultSort={[{ id: "created_at", desc: true }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("model:models.empty")}
        getRowId={(m) => String(m.id)}
        testId="models-table"
        columns={[
          {
            id: "name",
            header: t("model:models.name"),
            sortable: true,
            cell: (m) => <ModelName name={m.name} selected={ctx.model?.id === m.id} />,
          },
          {
            id: "short_description",
            header: t("model:models.shortDescription"),
            cell: (m) => (
              <Text fz="sm" c="dimmed" lineClamp={2} maw={380}>
                {m.short_description}
              </Text>
            ),
          },
          { id: "author", header: t("model:models.author") },
          { id: "created_at", header: t("model:models.createdAt"), kind: "date", sortable: true },
          {
            id: "actions",
            header: t("common:table.actions"),
            cell: (m) => (
              <ModelRowActions
                selected={ctx.model?.id === m.id}
                canManage={canManage}
                onSelect={() => {
                  select(m);
                  navigate("/model/scenarios");
                }}
                onExport={() => onExport(m)}
                onEdit={() => onEdit(m)}
                onDelete={() => confirmDelete(m)}
                id={m.id}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}

function useConfirmDeleteModel() {
  const { t } = useTranslation();
  const remove = useDeleteModel();
  // Deleting a model removes its scenarios and every row of data: the user types its name.
  return (m: CostModel) =>
    openTypedConfirm({
      title: t("model:models.deleteTitle"),
      text: t("model:models.deleteText", { name: m.name }),
      word: m.name,
      onConfirm: () =>
        remove.mutate(m.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: m.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
}

function ModelName({ name, selected }: { name: string; selected: boolean }) {
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

/** Select (the selected model says so), export, and for managers edit and delete. */
function ModelRowActions({
  id,
  selected,
  canManage,
  onSelect,
  onExport,
  onEdit,
  onDelete,
}: {
  id: number;
  selected: boolean;
  canManage: boolean;
  onSelect: () => void;
  onExport: () => void;
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
        data-testid={`select-model-${id}`}
      >
        {selected ? t("common:actions.selected") : t("common:actions.select")}
      </Button>
      <Tooltip label={t("data:models.export")}>
        <ActionIcon
          variant="subtle"
          aria-label={t("data:models.export")}
          onClick={onExport}
          data-testid={`export-model-${id}`}
        >
          <IconDownload size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {canManage && (
        <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} deleteTestId={`delete-model-${id}`} />
      )}
    </Group>
  );
}

function CreateModelModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const select = useSelectModel();
  const create = useCreateModel();
  return (
    <Modal opened={opened} onClose={onClose} title={t("model:models.create")} size="lg">
      <ModelForm
        submitLabel={t("common:actions.create")}
        loading={create.isPending}
        onCancel={onClose}
        onSubmit={(values, fail) =>
          create.mutate(values, {
            onSuccess: (m) => {
              onClose();
              notifySuccess(t("common:messages.itemCreated", { item: m.name }));
              select(m, true);
            },
            onError: fail,
          })
        }
      />
    </Modal>
  );
}

function EditModelModal({ model: editing, onClose }: { model: CostModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ctx = useAppContext();
  const select = useSelectModel();
  const update = useUpdateModel();
  return (
    <Modal opened={editing !== null} onClose={onClose} title={t("model:models.edit")} size="lg">
      {editing && (
        <ModelForm
          initial={{ name: editing.name, short_description: editing.short_description }}
          submitLabel={t("common:actions.saveChanges")}
          loading={update.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) =>
            update.mutate(
              { id: editing.id, ...values },
              {
                onSuccess: (m) => {
                  onClose();
                  notifySuccess(t("common:messages.itemUpdated", { item: m.name }));
                  if (ctx.model?.id === m.id) select(m, true);
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
