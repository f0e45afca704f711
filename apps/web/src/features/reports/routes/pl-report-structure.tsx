import { Button, Card, Grid, Group, Select, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { useSession } from "../../../lib/use-session";
import { getReportLines, REPORT_LINES_KEY, type ReportLine } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { useReportPnl } from "../api/get-report-pnl";
import { PlRules, ReportLineModals, useReportLineColumns } from "../components/pl-structure-parts";

/**
 * Each line's total over a dimension's records in the latest report run of the selected scenario
 * (report/pnl/ answers the lines with their totals); none without a scenario or a finished run.
 */
function useLineTotals(scenario: number | null, model: number) {
  const dims = useReportOptions("dimensions", model);
  const [chosen, setChosen] = useState<string | null>(null);
  const dimension = chosen ?? dims.data?.[0]?.value ?? null;
  const pnl = useReportPnl(
    scenario && dimension ? { scenario, dimension: Number(dimension), limit: 1, offset: 0 } : null,
  );
  const totals = new Map((pnl.data?.lines ?? []).map((l) => [l.code, l.total]));
  return { dims: dims.data ?? [], dimension, setDimension: setChosen, totals, currency: pnl.data?.currency };
}

function Structure({ model, scenario }: { model: number; scenario: number | null }) {
  const { t } = useTranslation();
  const run = useLineTotals(scenario, model);
  const { ability } = useSession();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ReportLine | null>(null);
  const canEdit = ability.can("manage", "Report") || ability.can("create", "Report");
  const columns = useReportLineColumns({
    totals: run.totals,
    currency: run.currency,
    canEdit,
    onEdit: setEditing,
  });

  return (
    <>
      <PageHeader
        title={t("report:plStructure.title")}
        description={t("report:plStructure.subtitle")}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t("report:plStructure.addLine")}
            </Button>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Card>
            {scenario !== null && run.dims.length > 0 && (
              <Group mb="sm" gap="sm" align="flex-end">
                <Select
                  label={t("report:plStructure.totalsOf")}
                  data={run.dims}
                  value={run.dimension}
                  onChange={run.setDimension}
                  allowDeselect={false}
                  w={240}
                  size="xs"
                />
                {run.totals.size === 0 && (
                  <Text fz="xs" c="dimmed">
                    {t("report:needCalculation")}
                  </Text>
                )}
              </Group>
            )}
            <ApiTable<ReportLine>
              queryKey={[...REPORT_LINES_KEY, model]}
              fetcher={(p: PageParams) => getReportLines(model, p)}
              defaultSort={[{ id: "rank", desc: false }]}
              emptyTitle={t("common:messages.noResults")}
              emptyDescription={t("report:plStructure.empty")}
              testId="pl-lines-table"
              columns={columns}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <PlRules />
        </Grid.Col>
      </Grid>
      <ReportLineModals
        model={model}
        adding={adding}
        editing={editing}
        onCloseAdd={() => setAdding(false)}
        onCloseEdit={() => setEditing(null)}
      />
    </>
  );
}

export default function PlReportStructurePage() {
  const ctx = useAppContext();
  return (
    <RequireModel>
      {ctx.model && <Structure model={ctx.model.id} scenario={ctx.scenario?.id ?? null} />}
    </RequireModel>
  );
}
