// Duplicate one or several scenarios with the allocation steps to copy. One scenario: the form's
// name, description, period and currency; several: each copy is named original + "_copy" (15 max).
import { Button, Checkbox, Group, List, Modal, MultiSelect, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { getScenarios, SCENARIOS_KEY } from "../../../lib/api/get-scenarios";
import type { Scenario } from "../../../lib/api-types";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { copyName, useDuplicateScenario } from "../api/duplicate-scenario";
import { ScenarioForm } from "./scenario-form";

const STEPS = ["1", "2", "3", "4", "5", "6"];

export function DuplicateDialog({
  model,
  origin,
  onClose,
}: {
  model: number;
  origin: Scenario | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useDuplicateScenario();
  const { scenarios, chosen, setChosen, steps, setSteps } = useDuplicateChoice(model, origin);
  const picked = scenarios.filter((s) => chosen.includes(String(s.id)));
  const single = picked.length === 1 ? picked[0] : null;

  const done = (count: number) => {
    notifySuccess(t("data:scenarios.duplicated", { count }));
    onClose();
  };
  const send = (extra: Partial<Parameters<typeof run.mutate>[0]>, fail?: (e: unknown) => void) =>
    run.mutate(
      {
        model,
        scenario_id: picked.length === 1 ? picked[0]!.id : picked.map((s) => s.id),
        stepsToDuplicate: steps.map(Number).sort(),
        ...extra,
      },
      {
        onSuccess: (r) => done(r.results.length),
        onError: (e) => {
          notifyError(t("common:messages.saveFailed"));
          fail?.(e);
        },
      },
    );

  return (
    <Modal opened={origin !== null} onClose={onClose} title={t("data:scenarios.duplicateTitle")} size="lg">
      <Stack gap="md" data-testid="duplicate-dialog">
        <MultiSelect
          label={t("data:scenarios.toDuplicate")}
          data={scenarios.map((s) => ({ value: String(s.id), label: s.name }))}
          value={chosen}
          onChange={setChosen}
          searchable
          data-testid="duplicate-scenarios"
        />
        <StepsChoice steps={steps} onChange={setSteps} />
        {single && (
          <ScenarioForm
            key={single.id}
            initial={{
              name: copyName(single.name),
              description: single.description,
              period_from: single.period_from,
              period_to: single.period_to,
              currency: single.currency,
            }}
            submitLabel={t("data:scenarios.duplicate")}
            loading={run.isPending}
            onCancel={onClose}
            onSubmit={(values, fail) => send(values, fail)}
          />
        )}
        {picked.length > 1 && (
          <SeveralCopies picked={picked} loading={run.isPending} onCancel={onClose} onSend={() => send({})} />
        )}
      </Stack>
    </Modal>
  );
}

/** The scenarios to choose from and the chosen ones and steps, reset to the origin and every step
 * each time the dialog opens on a scenario. */
function useDuplicateChoice(model: number, origin: Scenario | null) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [steps, setSteps] = useState<string[]>(STEPS);
  const all = useQuery({
    queryKey: [...SCENARIOS_KEY, model, "duplicate-options"],
    queryFn: () => getScenarios(model, { limit: 100, offset: 0, ordering: "name" }),
    enabled: origin !== null,
  });
  useEffect(() => {
    if (origin) {
      setChosen([String(origin.id)]);
      setSteps(STEPS);
    }
  }, [origin]);
  const scenarios = all.data?.results ?? (origin ? [origin] : []);
  return { scenarios, chosen, setChosen, steps, setSteps };
}

/** The allocation steps whose rules the copies take. */
function StepsChoice({ steps, onChange }: { steps: string[]; onChange: (steps: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t("data:scenarios.steps")}
      description={t("data:scenarios.stepsHelp")}
      value={steps}
      onChange={onChange}
    >
      <Group gap="md" mt={6}>
        {STEPS.map((s) => (
          <Checkbox key={s} value={s} label={t("data:scenarios.step", { n: s })} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/** Several scenarios: the name each copy gets, and one button for all. */
function SeveralCopies({
  picked,
  loading,
  onCancel,
  onSend,
}: {
  picked: Scenario[];
  loading: boolean;
  onCancel: () => void;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text fz="sm" c="dimmed">
        {t("data:scenarios.copiesNamed")}
      </Text>
      <List fz="sm" data-testid="duplicate-names">
        {picked.map((s) => (
          <List.Item key={s.id}>
            {s.name} → <b>{copyName(s.name)}</b>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button onClick={onSend} loading={loading} data-testid="duplicate-submit">
          {t("data:scenarios.duplicate")}
        </Button>
      </Group>
    </>
  );
}
