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
  const ctx = useAppContext();
  const select = useSelectModel();
  const create = useCreateModel();
  const update = useUpdateModel();
  const remove = useDeleteModel();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CostModel | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<CostModel | null>(null);
  const selectCreated = useSelectCreated();
  const canManage = ability.can("manage", "Model") || ability.can("create", "Model");

  // Deleting a model removes its scenarios and every row of data: the user types its name.
  const confirmDelete = (m: CostModel) =>
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
              cell: (m) => (
                <Group gap={6} wrap="nowrap">
                  <Text fz="sm" fw={600}>
                    {m.name}
                  </Text>
                  {ctx.model?.id === m.id && (
                    <Badge size="xs" variant="light" color="teal">
                      {t("common:actions.selected")}
                    </Badge>
                  )}
                </Group>
              ),
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
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant={ctx.model?.id === m.id ? "light" : "filled"}
                    leftSection={ctx.model?.id === m.id ? <IconCheck size={14} aria-hidden /> : undefined}
                    onClick={() => {
                      select(m);
                      navigate("/model/scenarios");
                    }}
                    data-testid={`select-model-${m.id}`}
                  >
                    {ctx.model?.id === m.id ? t("common:actions.selected") : t("common:actions.select")}
                  </Button>
                  <Tooltip label={t("data:models.export")}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("data:models.export")}
                      onClick={() => setExporting(m)}
                      data-testid={`export-model-${m.id}`}
                    >
                      <IconDownload size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  {canManage && (
                    <EditDeleteButtons
                      onEdit={() => setEditing(m)}
                      onDelete={() => confirmDelete(m)}
                      deleteTestId={`delete-model-${m.id}`}
                    />
                  )}
                </Group>
              ),
            },
          ]}
        />
      </Card>

      <Modal opened={creating} onClose={() => setCreating(false)} title={t("model:models.create")} size="lg">
        <ModelForm
          submitLabel={t("common:actions.create")}
          loading={create.isPending}
          onCancel={() => setCreating(false)}
          onSubmit={(values, fail) =>
            create.mutate(values, {
              onSuccess: (m) => {
                setCreating(false);
                notifySuccess(t("common:messages.itemCreated", { item: m.name }));
                select(m, true);
              },
              onError: fail,
            })
          }
        />
      </Modal>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t("model:models.edit")}
        size="lg"
      >
        {editing && (
          <ModelForm
            initial={{ name: editing.name, short_description: editing.short_description }}
            submitLabel={t("common:actions.saveChanges")}
            loading={update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values, fail) =>
              update.mutate(
                { id: editing.id, ...values },
                {
                  onSuccess: (m) => {
                    setEditing(null);
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
