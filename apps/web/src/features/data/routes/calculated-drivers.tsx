import { Anchor, Badge, Card, Code, Grid, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import {
  CALCULATED_DRIVERS_KEY,
  type CalculatedDriverRow,
  getCalculatedDrivers,
  getCalculatedDriversClassic,
} from "../api/get-calculated-drivers";
import { useDimensionOptions } from "../api/get-dimensions";

const FORMULA_EXAMPLES = [
  "=quantity * price",
  "=[net revenue] - [cost of goods]",
  "=IF(orders = 0, 0, lines / orders)",
];

function CalculatedDrivers({
  model,
  scenario,
  classic,
}: {
  model: number;
  scenario: number;
  classic: boolean;
}) {
  const { t } = useTranslation();
  const dims = useDimensionOptions(model);
  const [dimension, setDimension] = useState<string | null>(null);
  const options = (dims.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }));

  const columns = [
    { id: "name", header: t("model:calcDrivers.name"), sortable: true },
    { id: "dimension_name", header: t("model:calcDrivers.dimension") },
    {
      id: "formula",
      header: t("model:calcDrivers.formula"),
      cell: (r: CalculatedDriverRow) => <Code>{r.formula ?? r.formula_splited ?? "="}</Code>,
    },
    { id: "is_pnl_line", header: t("model:calcDrivers.pnlLine"), kind: "boolean" as const },
    { id: "total_value", header: t("model:calcDrivers.totalValue"), kind: "number" as const },
  ];

  return (
    <>
      <PageHeader
        title={classic ? t("model:calcDrivers.titleClassic") : t("model:calcDrivers.title")}
        description={t("model:calcDrivers.subtitle")}
        badge={
          classic ? (
            <Anchor component={Link} to="/model/scenario/dimension/calculated-drivers" fz="sm">
              {t("model:dimensionData.switchToNew")}
            </Anchor>
          ) : (
            <Badge variant="light" color="grape">
              {t("common:values.beta")}
            </Badge>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card>
            {classic ? (
              <ApiTable<CalculatedDriverRow>
                queryKey={[...CALCULATED_DRIVERS_KEY, "classic", scenario]}
                fetcher={(p: PageParams) => getCalculatedDriversClassic(scenario, p)}
                emptyTitle={t("common:messages.noResults")}
                testId="calculated-drivers-table"
                columns={columns}
              />
            ) : (
              <>
                <Select
                  label={t("model:calcDrivers.dimension")}
                  placeholder={
                    options.length ? t("model:calcDrivers.pickDimension") : t("common:messages.noDimensions")
                  }
                  data={options}
                  value={dimension}
                  onChange={setDimension}
                  disabled={options.length === 0}
                  maw={360}
                  mb="md"
                />
                {dimension ? (
                  <ApiTable<CalculatedDriverRow>
                    queryKey={[...CALCULATED_DRIVERS_KEY, "beta", model, dimension]}
                    fetcher={(p: PageParams) => getCalculatedDrivers(model, dimension, p)}
                    emptyTitle={t("common:messages.noCalculatedDrivers")}
                    testId="calculated-drivers-table"
                    columns={columns}
                  />
                ) : (
                  <EmptyState
                    title={
                      options.length
                        ? t("common:messages.fillFiltersFirst")
                        : t("common:messages.noDimensions")
                    }
                    description={t("model:calcDrivers.pickHint")}
                  />
                )}
              </>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card>
            <Title order={2} fz="md" mb="xs">
              {t("model:calcDrivers.howTitle")}
            </Title>
            <Stack gap="xs">
              <Text fz="sm">{t("model:calcDrivers.howText")}</Text>
              {FORMULA_EXAMPLES.map((f) => (
                <Code key={f} block dir="ltr">
                  {f}
                </Code>
              ))}
              <Text fz="xs" c="dimmed">
                {t("model:calcDrivers.pnlText")}
              </Text>
              {!classic && (
                <Anchor component={Link} to="/model/scenario/dimension/calculated-drivers/old" fz="sm">
                  {t("model:dimensionData.switchToClassic")}
                </Anchor>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default function CalculatedDriversPage() {
  const ctx = useAppContext();
  const classic = useLocation().pathname.replace(/\/+$/, "").endsWith("/old");
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && (
        <CalculatedDrivers model={ctx.model.id} scenario={ctx.scenario.id} classic={classic} />
      )}
    </RequireScenario>
  );
}
