import type { Scenario } from "@costflow/contract/models";
import { Alert, Button, Card, Grid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertCircle, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LabelValue } from "../../../components/label-value";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { ScenarioStatusBadge } from "../../../components/status-badge";
import { useScenario } from "../../../lib/api/get-scenario";
import { useAppContext } from "../../../lib/app-context";
import { formatDateTime } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSelectScenario } from "../../../lib/use-select-scenario";
import { useSession } from "../../../lib/use-session";
import { useDeleteScenario } from "../api/delete-scenario";
import { useUpdateScenario } from "../api/update-scenario";
import { ScenarioForm } from "../components/scenario-form";

function ManageSelected({ id }: { id: number }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const { data, isLoading, isError } = useScenario(id);
  const confirmDelete = useConfirmDeleteScenario();
  const canManage = ability.can("manage", "Scenario") || ability.can("update", "Scenario");

  if (isLoading) return <Skeleton h={240} />;
  if (isError || !data)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title={t("common:messages.error")}
      >
        {t("common:messages.errorSomethingHappen")}
      </Alert>
    );

  return (
    <>
      <PageHeader
        title={t("model:manage.title")}
        description={t("model:manage.subtitle")}
        badge={<ScenarioStatusBadge status={data.status} />}
        actions={
          canManage && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => confirmDelete(data)}
            >
              {t("common:actions.delete")}
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ScenarioDetails data={data} canManage={canManage} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ScenarioLifecycle data={data} />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** Deleting the scenario after a confirmation, then back to the list of scenarios. */
function useConfirmDeleteScenario() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteScenario();
  return (data: Scenario) =>
    modals.openConfirmModal({
      title: t("model:scenarios.deleteTitle"),
      children: <Text fz="sm">{t("model:scenarios.deleteText", { name: data.name })}</Text>,
      labels: { confirm: t("common:actions.delete"), cancel: t("common:actions.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(data.id, {
          onSuccess: () => {
            notifySuccess(t("common:messages.itemDeleted", { item: data.name }));
            navigate("/model/scenarios");
          },
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
}

/** The scenario's form for those who may change it, a read-only note for the others. */
function ScenarioDetails({ data, canManage }: { data: Scenario; canManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateScenario();
  const select = useSelectScenario();
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {t("model:manage.details")}
      </Title>
      {canManage ? (
        <ScenarioForm
          key={data.id}
          initial={{
            name: data.name,
            description: data.description,
            period_from: data.period_from,
            period_to: data.period_to,
            currency: data.currency,
          }}
          submitLabel={t("common:actions.saveChanges")}
          loading={update.isPending}
          onSubmit={(values, fail) =>
            update.mutate(
              { id: data.id, ...values },
              {
                onSuccess: (s) => {
                  select(s, true);
                  notifySuccess(t("common:messages.itemUpdated", { item: s.name }));
                },
                onError: fail,
              },
            )
          }
        />
      ) : (
        <Text fz="sm" c="dimmed">
          {t("model:manage.readOnly")}
        </Text>
      )}
    </Card>
  );
}

/** When the scenario was created and finished. */
function ScenarioLifecycle({ data }: { data: Scenario }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {t("model:manage.lifecycle")}
      </Title>
      <Stack gap="xs">
        <LabelValue label={t("model:models.createdAt")}>
          {formatDateTime(data.created_at, i18n.language)}
        </LabelValue>
        <LabelValue label={t("model:manage.finishedAt")}>
          {data.finished_at ? formatDateTime(data.finished_at, i18n.language) : t("common:values.none")}
        </LabelValue>
        <Text fz="xs" c="dimmed" mt="sm">
          {t("model:manage.lifecycleText")}
        </Text>
      </Stack>
    </Card>
  );
}

export default function ManageScenarioPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <ManageSelected id={ctx.scenario.id} />}</RequireScenario>;
}
