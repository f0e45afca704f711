import { Badge, Button, Card } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { COST_POOLS_KEY, type CostPoolRow, getCostPools } from "../api/get-cost-pools";
import { ScopeNote } from "../components/scope-note";

function CostPools({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("model:costPools.title")}
        description={t("model:costPools.subtitle")}
        actions={
          <Button
            component={Link}
            to="/model/new/data"
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t("model:data.loadData")}
          </Button>
        }
      />
      <ScopeNote>{t("model:costPools.scope")}</ScopeNote>
      <Card>
        <ApiTable<CostPoolRow>
          queryKey={[...COST_POOLS_KEY, scenario]}
          fetcher={(p: PageParams) => getCostPools(scenario, p)}
          searchable
          emptyTitle={t("common:messages.noResults")}
          emptyDescription={t("model:costPools.empty")}
          testId="cost-pools-table"
          columns={[
            { id: "identifier", header: t("model:costPools.identifier"), sortable: true },
            { id: "name", header: t("model:costPools.name"), sortable: true },
            {
              id: "is_direct",
              header: t("model:costPools.kind"),
              cell: (r) => (
                <Badge variant="light" color={r.is_direct ? "teal" : "orange"}>
                  {r.is_direct ? t("model:costPools.direct") : t("model:costPools.indirect")}
                </Badge>
              ),
            },
            {
              id: "drivers",
              header: t("model:costPools.drivers"),
              cell: (r) => String(r.drivers?.length ?? 0),
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function CostPoolsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <CostPools scenario={ctx.scenario.id} />}</RequireScenario>;
}
