import type { Calculation } from "@costflow/contract/calculation";
import { Anchor, Card, Drawer, Grid, Group, Select, Text, Title, useDirection } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { CalculationStatusBadge } from "../../../components/status-badge";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { CALCULATIONS_KEY, getCalculations } from "../api/get-calculations";
import { DebugPanel } from "../components/debug-panel";
import { RunPanel } from "../components/run-panel";

// Calculation types of the calculation page (the API's calculation categories), as a filter.
const TYPES = [
  { value: "", label: "model:calculations.types.all" },
  { value: "ACCOUNT_TO_COST_POOL", label: "common:nav.step1" },
  { value: "INDIRECT_COST_POOL_TO_COST_POOL", label: "common:nav.step2" },
  { value: "DIRECT_COST_POOL_TO_ACTIVITY", label: "common:nav.step3" },
  { value: "ACTIVITY_TO_DIMENSION_DIRECT", label: "common:nav.step4" },
  { value: "ACTIVITY_TO_DIMENSION_INDIRECT", label: "common:nav.step5" },
  { value: "CALCULATED_DRIVER_TO_DIMENSION", label: "common:nav.step6" },
  { value: "CALCULATED_DRIVERS", label: "model:calculations.types.calculatedDrivers" },
  { value: "REPORTS", label: "model:calculations.types.reports" },
  { value: "ALL", label: "model:calculations.types.everything" },
];

/** A calculation category's name, as the filter shows it. */
function useCategoryLabel() {
  const { t } = useTranslation();
  return (c: string | undefined) => {
    const found = TYPES.find((x) => x.value === c);
    return found ? t(found.label) : (c ?? "");
  };
}

/** A calculation's logs, in a drawer at the end side of the reading direction. */
function CalculationLogsDrawer({
  calculation,
  onClose,
}: {
  calculation: Calculation | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const label = useCategoryLabel();
  return (
    <Drawer
      opened={calculation !== null}
      onClose={onClose}
      position={dir === "rtl" ? "left" : "right"}
      size="lg"
      title={t("model:calculations.debug")}
    >
      {calculation && (
        <>
          <Title order={3} fz="sm" mb="xs">
            {label(calculation.category)}
          </Title>
          <Text fz="xs" c="dimmed" mb="md">
            {String(calculation.calculation_id)}
          </Text>
          <DebugPanel calculation={calculation.calculation_id} />
        </>
      )}
    </Drawer>
  );
}

function Calculations({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string>("");
  const [open, setOpen] = useState<Calculation | null>(null);
  const label = useCategoryLabel();

  return (
    <>
      <PageHeader title={t("model:calculations.title")} description={t("model:calculations.subtitle")} />
      <RunPanel scenario={scenario} />
      <Grid gap="lg">
        <Grid.Col span={12}>
          <Card>
            <Group mb="md" justify="space-between">
              <Select
                label={t("model:calculations.type")}
                data={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
                value={category}
                onChange={(v) => setCategory(v ?? "")}
                allowDeselect={false}
                w={{ base: "100%", sm: 340 }}
              />
            </Group>
            <ApiTable<Calculation>
              queryKey={[...CALCULATIONS_KEY, scenario, category]}
              fetcher={(p: PageParams) => getCalculations(scenario, category || null, p)}
              defaultSort={[{ id: "requested_at", desc: true }]}
              emptyTitle={t("common:messages.noCalculation")}
              emptyDescription={t("model:calculations.empty")}
              testId="calculations-table"
              columns={[
                { id: "category", header: t("model:calculations.category"), cell: (r) => label(r.category) },
                {
                  id: "status",
                  header: t("model:calculations.status"),
                  cell: (r) => <CalculationStatusBadge status={r.calculation_status} />,
                },
                {
                  id: "requested_at",
                  header: t("model:calculations.requestedAt"),
                  kind: "datetime",
                  sortable: true,
                },
                { id: "started_at", header: t("model:calculations.startedAt"), kind: "datetime" },
                { id: "finished_at", header: t("model:calculations.finishedAt"), kind: "datetime" },
                {
                  id: "requested_by_user",
                  header: t("model:calculations.requestedBy"),
                  cell: (r) => r.requested_by_user ?? "",
                },
                {
                  id: "logs",
                  header: t("model:calculations.logs"),
                  cell: (r) => (
                    <Anchor component="button" type="button" fz="sm" onClick={() => setOpen(r)}>
                      {t("common:actions.view")}
                    </Anchor>
                  ),
                },
              ]}
            />
          </Card>
        </Grid.Col>
      </Grid>
      <CalculationLogsDrawer calculation={open} onClose={() => setOpen(null)} />
    </>
  );
}

export default function CalculationsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <Calculations scenario={ctx.scenario.id} />}</RequireScenario>;
}
