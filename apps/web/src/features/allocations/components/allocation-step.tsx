import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconChartSankey, IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable, type ColumnSpec } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { STEP_RESULTS_KEY } from "../../../lib/api/get-step-results";
import type { Strategy } from "../../../lib/api/request-calculation";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import { useSession } from "../../../lib/use-session";
import { getStepRules, type RuleRow, type RuleRows, STEP_RULES_KEY } from "../api/get-step-rules";
import { CalculationPanel } from "./calculation-panel";
import { ResultsPanel } from "./results-panel";
import { RuleActions } from "./rule-actions";
import { RuleForm } from "./rule-form";
import { SecondStepTools } from "./second-step-tools";
import { SourceStateBadge } from "./source-state-badge";
import { SourcesPanel } from "./sources-panel";

/** A step's page: its texts and the columns of its rule rows (the step's row in the contract). */
export interface StepConfig<S extends StepNumber> {
  step: S;
  title: string;
  description: string;
  from: string;
  to: string;
  rulesHint: string;
  columns: (t: (key: string) => string) => ColumnSpec<RuleRows[S]>[];
  beta?: boolean;
}

/** Steps 1 to 3: where the row's source stands; null for a time-driven pool in step 3. */
const sourceState = (row: RuleRow) => ("source_state" in row ? row.source_state : null);

function Step<S extends StepNumber>({
  config,
  model,
  scenario,
}: {
  config: StepConfig<S>;
  model: number;
  scenario: number;
}) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const canEdit = ability.can("manage", "Allocation") || ability.can("update", "Allocation");
  const [editing, setEditing] = useState<{ row: RuleRow | null } | null>(null);
  const [strategy, setStrategy] = useState<Strategy>("not_allocate");
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: [...STEP_RULES_KEY, config.step, scenario, "count"],
    queryFn: () => getStepRules(config.step, scenario, { limit: 1, offset: 0 }),
  });
  const hasRules = (count.data?.count ?? 0) > 0;

  return (
    <>
      <StepHeader config={config} />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RulesCard
            config={config}
            scenario={scenario}
            canEdit={canEdit}
            onEdit={(row) => setEditing({ row })}
          />
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
            {config.step === 2 && <SecondStepTools model={model} scenario={scenario} canEdit={canEdit} />}
            {config.step <= 3 && <SourcesPanel step={config.step} scenario={scenario} />}
            <Anchor component={Link} to={`/report/results?step=${config.step}`} fz="sm">
              {t("allocation:page.allResults")}
            </Anchor>
          </Stack>
        </Grid.Col>
      </Grid>
      <div id="step-results">
        <ResultsPanel step={config.step} scenario={scenario} />
      </div>
      <RuleForm
        step={config.step}
        model={model}
        scenario={scenario}
        row={editing?.row ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <Text fz="xs" c="dimmed" mt="md">
        {t("model:allocation.footnote")}
      </Text>
    </>
  );
}

/** The step's title and description, with its number (and "beta" where it is). */
function StepHeader<S extends StepNumber>({ config }: { config: StepConfig<S> }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** What the step allocates from and to, and its rules (added and edited by those who may). */
function RulesCard<S extends StepNumber>({
  config,
  scenario,
  canEdit,
  onEdit,
}: {
  config: StepConfig<S>;
  scenario: number;
  canEdit: boolean;
  onEdit: (row: RuleRow | null) => void;
}) {
  const { t } = useTranslation();
  return (
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
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {t("model:allocation.rules")}
        </Title>
        <Group gap="xs">
          <Button
            component="a"
            href="#step-results"
            variant="subtle"
            size="xs"
            leftSection={<IconChartSankey size={14} aria-hidden />}
          >
            {t("allocation:page.seeResults")}
          </Button>
          {canEdit && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => onEdit(null)}
              data-testid="rule-add"
            >
              {t("allocation:form.add")}
            </Button>
          )}
        </Group>
      </Group>
      <ApiTable<RuleRows[S]>
        queryKey={[...STEP_RULES_KEY, config.step, scenario]}
        fetcher={(p: PageParams) => getStepRules(config.step, scenario, p)}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t(config.rulesHint)}
        testId="rules-table"
        columns={ruleColumns(config, t, canEdit, onEdit)}
      />
    </Card>
  );
}

/** The step's own columns, then the source's state (steps 1 to 3) and the row actions (editors). */
function ruleColumns<S extends StepNumber>(
  config: StepConfig<S>,
  t: (key: string) => string,
  canEdit: boolean,
  onEdit: (row: RuleRow) => void,
): ColumnSpec<RuleRows[S]>[] {
  return [
    ...config.columns(t),
    ...(config.step <= 3
      ? [
          {
            id: "source_state",
            header: t("model:allocation.columns.state"),
            cell: (r: RuleRows[S]) => <SourceStateBadge state={sourceState(r)} />,
          },
        ]
      : []),
    ...(canEdit
      ? [
          {
            id: "actions",
            header: t("allocation:form.actions"),
            cell: (r: RuleRows[S]) => <RuleActions step={config.step} row={r} onEdit={onEdit} />,
          },
        ]
      : []),
  ];
}

export function AllocationStepPage<S extends StepNumber>({ config }: { config: StepConfig<S> }) {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Step config={config} model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
