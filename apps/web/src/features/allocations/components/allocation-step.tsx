import { Badge, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { STEP_RESULTS_KEY } from "../api/get-step-results";
import { getStepRules, type RuleRow, STEP_RULES_KEY } from "../api/get-step-rules";
import type { Strategy } from "../api/request-calculation";
import type { StepNumber } from "../api/step-endpoints";
import { CalculationPanel } from "./calculation-panel";
import { ResultsPanel } from "./results-panel";

export interface StepConfig {
  step: StepNumber;
  title: string;
  description: string;
  from: string;
  to: string;
  rulesHint: string;
  columns: (t: (key: string) => string) => ColumnSpec<RuleRow>[];
  beta?: boolean;
}

function Step({ config, scenario }: { config: StepConfig; scenario: number }) {
  const { t } = useTranslation();
  const [strategy, setStrategy] = useState<Strategy>("not_allocate");
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: [...STEP_RULES_KEY, config.step, scenario, "count"],
    queryFn: () => getStepRules(config.step, scenario, { limit: 1, offset: 0 }),
  });
  const hasRules = (count.data?.count ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={t(config.title)}
        description={t(config.description)}
        badge={
          <Group gap={6}>
            <Badge variant="light">{t("model:allocation.stepBadge", { n: config.step })}</Badge>
            {config.beta && (
              <Badge variant="light" color="grape">
                {t("common:values.beta")}
              </Badge>
            )}
          </Group>
        }
      />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card h="100%">
            <Group gap="sm" mb="md" wrap="wrap">
              <Badge size="lg" variant="outline" tt="none">
                {t(config.from)}
              </Badge>
              <ThemeIcon variant="subtle" size="sm">
                <IconArrowRight size={16} className="cf-flip-rtl" aria-hidden />
              </ThemeIcon>
              <Badge size="lg" variant="outline" tt="none">
                {t(config.to)}
              </Badge>
            </Group>
            <Title order={2} fz="md" mb="sm">
              {t("model:allocation.rules")}
            </Title>
            <ApiTable<RuleRow>
              queryKey={[...STEP_RULES_KEY, config.step, scenario]}
              fetcher={(p: PageParams) => getStepRules(config.step, scenario, p)}
              emptyTitle={t("common:messages.noResults")}
              emptyDescription={t(config.rulesHint)}
              testId="rules-table"
              columns={config.columns(t)}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack h="100%">
            <CalculationPanel
              step={config.step}
              scenario={scenario}
              hasRules={hasRules}
              strategy={strategy}
              onStrategyChange={setStrategy}
              onRequested={() => queryClient.removeQueries({ queryKey: STEP_RESULTS_KEY })}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <ResultsPanel step={config.step} scenario={scenario} />
      <Text fz="xs" c="dimmed" mt="md">
        {t("model:allocation.footnote")}
      </Text>
    </>
  );
}

export function AllocationStepPage({ config }: { config: StepConfig }) {
  const ctx = useAppContext();
  return (
    <RequireScenario>{ctx.scenario && <Step config={config} scenario={ctx.scenario.id} />}</RequireScenario>
  );
}
