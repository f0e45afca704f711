import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertCircle, IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CURRENCIES, DEFAULT_CURRENCY } from "../../../lib/constants";
import { defaultScenarioPeriod } from "../../../lib/format";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const required = "common:validation.required";
const schema = z
  .object({
    name: z.string().trim().min(1, required).max(200, "model:scenarios.nameTooLong"),
    description: z.string().trim().max(2000, "model:models.descriptionTooLong"),
    period_from: z.string().min(1, required),
    period_to: z.string().min(1, required),
    currency: z.string().regex(/^[A-Z]{3}$/, required),
  })
  .refine((v) => v.period_from <= v.period_to, {
    path: ["period_to"],
    message: "common:validation.dateOrder",
  });
type ScenarioFormValues = z.infer<typeof schema>;

/** Defaults: currency EUR, period from one month before today to today. */
export function emptyScenario(): ScenarioFormValues {
  const p = defaultScenarioPeriod();
  return { name: "", description: "", period_from: p.from, period_to: p.to, currency: DEFAULT_CURRENCY };
}

export function ScenarioForm({
  initial,
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: {
  initial: ScenarioFormValues;
  submitLabel: string;
  loading?: boolean;
  onSubmit: (values: ScenarioFormValues, fail: (error: unknown) => void) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  const v = form.values;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = form.validate();
    if (parsed) onSubmit(parsed, (error) => form.applyApiError(error, t("common:messages.saveFailed")));
  };
  return (
    <form onSubmit={submit} noValidate data-testid="scenario-form">
      <Stack gap="sm">
        {form.errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <TextInput
          label={t("model:scenarios.name")}
          name="name"
          value={v.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
          data-autofocus
        />
        <Textarea
          label={t("model:scenarios.description")}
          name="description"
          autosize
          minRows={2}
          value={v.description}
          onChange={(e) => form.setValue("description", e.currentTarget.value)}
          error={errorText(t, form.errors.description)}
        />
        <PeriodAndCurrency form={form} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t("common:actions.cancel")}
            </Button>
          )}
          <Button type="submit" loading={loading} data-testid="scenario-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The scenario's period (from, to) and its currency. */
function PeriodAndCurrency({ form }: { form: ReturnType<typeof useZodForm<ScenarioFormValues>> }) {
  const { t } = useTranslation();
  const v = form.values;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <DatePickerInput
        label={t("model:scenarios.periodFrom")}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={v.period_from || null}
        onChange={(d) => form.setValue("period_from", d ?? "")}
        error={errorText(t, form.errors.period_from)}
        required
      />
      <DatePickerInput
        label={t("model:scenarios.periodTo")}
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={v.period_to || null}
        onChange={(d) => form.setValue("period_to", d ?? "")}
        error={errorText(t, form.errors.period_to)}
        required
      />
      <Select
        label={t("model:scenarios.currency")}
        data={[...CURRENCIES]}
        value={v.currency}
        onChange={(c) => form.setValue("currency", c ?? DEFAULT_CURRENCY)}
        allowDeselect={false}
        searchable
        error={errorText(t, form.errors.currency)}
        required
      />
    </SimpleGrid>
  );
}
