import { Badge, Card } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { ACTIVITIES_KEY, type ActivityRow, getActivities } from "../api/get-activities";
import { ScopeNote } from "../components/scope-note";

function Activities({ model }: { model: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("model:activities.title")} description={t("model:activities.subtitle")} />
      <ScopeNote>{t("model:activities.scope")}</ScopeNote>
      <Card>
        <ApiTable<ActivityRow>
          queryKey={[...ACTIVITIES_KEY, model]}
          fetcher={(p: PageParams) => getActivities(model, p)}
          searchable
          emptyTitle={t("common:messages.noResults")}
          emptyDescription={t("model:activities.empty")}
          testId="activities-table"
          columns={[
            { id: "name", header: t("model:activities.name"), sortable: true },
            { id: "description", header: t("model:activities.description") },
            {
              id: "costpool",
              header: t("model:activities.costPool"),
              cell: (r) => r.costpool_name ?? "",
            },
            {
              id: "is_tdabc",
              header: t("model:activities.tdabc"),
              cell: (r) =>
                r.is_tdabc ? (
                  <Badge variant="light" color="grape">
                    {t("model:activities.tdabcYes")}
                  </Badge>
                ) : (
                  t("common:values.no")
                ),
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function ActivitiesPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.model && <Activities model={ctx.model.id} />}</RequireScenario>;
}
