import type { Activity } from "@costflow/contract/activities";
import { Badge, Button, Card, Group, List, Modal, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { useAppContext } from "../../../lib/app-context";
import { formatInteger } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeleteActivity } from "../api/delete-activity";
import { ACTIVITIES_KEY, getActivities } from "../api/get-activities";
import { getDeleteImpact } from "../api/get-delete-impact";
import { useSaveActivity } from "../api/save-activity";
import { ActivityForm } from "../components/activity-form";
import { savedAndClosed } from "../components/saved-and-closed";
import { ScopeNote } from "../components/scope-note";

function Activities({ model }: { model: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Activity | "new" | null>(null);
  const confirmDelete = useConfirmDeleteActivity();

  return (
    <>
      <PageHeader
        title={t("model:activities.title")}
        description={t("model:activities.subtitle")}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing("new")}
            data-testid="create-activity"
          >
            {t("data:activities.create")}
          </Button>
        }
      />
      <ScopeNote>{t("model:activities.scope")}</ScopeNote>
      <Card>
        <ApiTable<Activity>
          queryKey={[...ACTIVITIES_KEY, model]}
          fetcher={(p: PageParams) => getActivities(model, p)}
          searchable
          defaultSort={[{ id: "code", desc: false }]}
          emptyTitle={t("common:messages.noResults")}
          emptyDescription={t("model:activities.empty")}
          getRowId={(r) => String(r.id)}
          testId="activities-table"
          columns={activityColumns(t, setEditing, (r) => void confirmDelete(r))}
        />
      </Card>
      <ActivityModal model={model} editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** Deleting an activity removes it, its allocations and P&L lines in every scenario: the typed
 * confirmation lists how many of each (when the impact could be read). */
function useConfirmDeleteActivity() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const remove = useDeleteActivity();
  return async (row: Activity) => {
    const impact = await getDeleteImpact(row.id).catch(() => null);
    const n = (v: number) => formatInteger(v, lang);
    openTypedConfirm({
      title: t("data:activities.deleteTitle"),
      word: row.code ?? row.name,
      text: (
        <Stack gap={4}>
          <Text fz="sm">{t("data:activities.deleteText", { name: row.name })}</Text>
          {impact && (
            <List fz="sm" spacing={2}>
              <List.Item>
                {t("data:activities.impactRules", {
                  n: n(impact.step3_rules + impact.step4_rules + impact.step5_rules),
                })}
              </List.Item>
              <List.Item>{t("data:activities.impactLines", { n: n(impact.pnl_lines) })}</List.Item>
              <List.Item>{t("data:activities.impactScenarios", { n: n(impact.scenarios) })}</List.Item>
            </List>
          )}
        </Stack>
      ),
      onConfirm: () =>
        remove.mutate(row.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: row.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
  };
}

function activityColumns(
  t: TFunction,
  onEdit: (row: Activity) => void,
  onDelete: (row: Activity) => void,
): ColumnSpec<Activity>[] {
  return [
    { id: "code", header: t("data:activities.code"), sortable: true },
    { id: "name", header: t("model:activities.name"), sortable: true },
    {
      id: "description",
      header: t("model:activities.description"),
      cell: (r) => (
        <Text fz="sm" c="dimmed" lineClamp={2} maw={320}>
          {r.description}
        </Text>
      ),
    },
    {
      id: "costpool",
      header: t("model:activities.costPool"),
      sortable: true,
      cell: (r) => r.costpool_name ?? "",
    },
    {
      id: "is_tdabc",
      header: t("model:activities.tdabc"),
      sortable: true,
      cell: (r) =>
        r.is_tdabc ? (
          <Badge variant="light" color="grape">
            {t("model:activities.tdabcYes")}
          </Badge>
        ) : (
          t("common:values.no")
        ),
    },
    {
      id: "actions",
      header: t("common:table.actions"),
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <EditDeleteButtons onEdit={() => onEdit(r)} onDelete={() => onDelete(r)} />
        </Group>
      ),
    },
  ];
}

/** Creating a new activity or editing one, in a modal. */
function ActivityModal({
  model,
  editing,
  onClose,
}: {
  model: number;
  editing: Activity | "new" | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveActivity();
  const current = editing === "new" ? null : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={current ? t("data:activities.edit") : t("data:activities.create")}
    >
      {editing !== null && (
        <ActivityForm
          model={model}
          initial={
            current
              ? {
                  name: current.name,
                  description: current.description,
                  is_tdabc: current.is_tdabc,
                  costpool: current.costpool,
                }
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

export default function ActivitiesPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.model && <Activities model={ctx.model.id} />}</RequireScenario>;
}
