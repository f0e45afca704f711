import { Anchor, Badge, Button, Card, Grid, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { CalculatedDriverRow } from "../api/get-calculated-drivers";
import { useDimensionOptions } from "../api/get-dimension-options";
import { CalcDriverModal, CalcDriversTable, FormulaHelp } from "../components/calc-drivers-parts";
import { DriversRunPanel } from "../components/drivers-run-panel";

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
  const [editing, setEditing] = useState<CalculatedDriverRow | "new" | null>(null);
  const options = (dims.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }));

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
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing("new")}
            disabled={options.length === 0}
            data-testid="create-calc-driver"
          >
            {t("data:calcDrivers.new")}
          </Button>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <CalcDriversTable
              model={model}
              scenario={scenario}
              classic={classic}
              options={options}
              dimension={dimension}
              onDimension={setDimension}
              onEdit={setEditing}
            />
            <Card>
              <DriversRunPanel scenario={scenario} dimension={dimension} classic={classic} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FormulaHelp classic={classic} />
        </Grid.Col>
      </Grid>
      <CalcDriverModal
        editing={editing}
        classic={classic}
        options={options}
        dimension={dimension}
        onClose={() => setEditing(null)}
      />
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
