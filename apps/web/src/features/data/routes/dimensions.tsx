import { Button, Card, Group } from "@mantine/core";
import { IconTable, IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { DIMENSIONS_KEY, type DimensionRow, getDimensions } from "../api/get-dimensions";
import { ScopeNote } from "../components/scope-note";

function Dimensions({ model }: { model: number }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("model:dimensions.title")}
        description={t("model:dimensions.subtitle")}
        actions={
          <>
            <Button component={Link} to="/software/dimension/list" variant="default">
              {t("model:software.dimList.title")}
            </Button>
            <Button
              component={Link}
              to="/software/dimension/upload"
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {t("model:software.upload.title")}
            </Button>
          </>
        }
      />
      <ScopeNote>{t("model:dimensions.scope")}</ScopeNote>
      <Card>
        <ApiTable<DimensionRow>
          queryKey={[...DIMENSIONS_KEY, model]}
          fetcher={(p: PageParams) => getDimensions(model, p)}
          emptyTitle={t("common:messages.noDimensions")}
          emptyDescription={t("model:dimensions.empty")}
          testId="dimensions-table"
          columns={[
            { id: "title", header: t("model:dimensions.name"), sortable: true },
            {
              id: "pid",
              header: t("model:dimensions.parent"),
              cell: (r) => (r.pid ? String(r.pid) : t("common:values.none")),
            },
            { id: "code", header: t("model:dimensions.code"), sortable: true },
            {
              id: "actions",
              header: t("common:table.actions"),
              cell: (r) => (
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    component={Link}
                    to={`/model/scenario/dimension/data/${r.id}`}
                    leftSection={<IconTable size={14} aria-hidden />}
                  >
                    {t("model:dimensions.openData")}
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function DimensionsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.model && <Dimensions model={ctx.model.id} />}</RequireScenario>;
}
