import type { Dimension } from "@costflow/contract/dimensions";
import { ActionIcon, Button, Card, Group, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconPlus, IconTrash, IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useSession } from "../../../lib/use-session";
import { useDeleteDimension } from "../api/delete-dimension";
import { getDimensions, SOFTWARE_DIMENSIONS_KEY } from "../api/get-dimensions";

function List({ model }: { model: number }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const confirmDelete = useConfirmDeleteDimension();
  const canManage = ability.can("manage", "Data") || ability.can("create", "Data");
  // Parents by name, not by id: the parent may be on another page, so the model's dimensions
  // (a few dozen at most) are read once for the names.
  const every = useQuery({
    queryKey: [...SOFTWARE_DIMENSIONS_KEY, model, "names"],
    queryFn: () => getDimensions(model, { limit: 100, offset: 0 }),
  });
  const parentName = (pid: number) => every.data?.results.find((d) => d.id === pid)?.title ?? "";

  return (
    <>
      <PageHeader
        title={t("model:software.dimList.title")}
        description={t("model:software.dimList.subtitle")}
        actions={canManage && <ListActions />}
      />
      <Card>
        <ApiTable<Dimension>
          queryKey={[...SOFTWARE_DIMENSIONS_KEY, model]}
          fetcher={(p: PageParams) => getDimensions(model, p)}
          emptyTitle={t("common:messages.noDimensions")}
          emptyDescription={t("model:software.dimList.empty")}
          testId="dimension-list"
          columns={[
            { id: "title", header: t("model:dimensions.name") },
            {
              id: "pid",
              header: t("model:dimensions.parent"),
              cell: (d) => (d.pid ? parentName(d.pid) : t("common:values.none")),
            },
            { id: "code", header: t("model:dimensions.code") },
            {
              id: "actions",
              header: t("common:table.actions"),
              cell: (d) =>
                canManage && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t("common:actions.delete")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("common:actions.delete")}
                        onClick={() => confirmDelete(d)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}

/** Deleting a dimension, after a confirmation. Destructive: the dimension, its drivers,
 * relationship drivers ending in _ID and its transactions. */
function useConfirmDeleteDimension() {
  const { t } = useTranslation();
  const remove = useDeleteDimension();
  return (d: Dimension) =>
    modals.openConfirmModal({
      title: t("model:software.dimList.deleteTitle"),
      children: <Text fz="sm">{t("model:software.dimList.deleteText", { name: d.title })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(d.id, {
          onSuccess: () => notifySuccess(t("common:messages.deleteSuccessfully")),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
}

/** Uploading dimension files and creating a dimension. */
function ListActions() {
  const { t } = useTranslation();
  return (
    <>
      <Button
        component={Link}
        to="/software/dimension/upload"
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
      >
        {t("model:software.upload.title")}
      </Button>
      <Button component={Link} to="/software/dimension/edit" leftSection={<IconPlus size={16} aria-hidden />}>
        {t("model:software.dimEdit.title")}
      </Button>
    </>
  );
}

export default function DimensionListPage() {
  const ctx = useAppContext();
  return <RequireModel>{ctx.model && <List model={ctx.model.id} />}</RequireModel>;
}
