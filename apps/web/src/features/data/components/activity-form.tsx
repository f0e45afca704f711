import { Alert, Button, Group, Select, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useModelCostPools } from "../api/get-model-cost-pools";

const schema = z.object({
  name: z.string().trim().min(1, "common:validation.required").max(200, "data:validation.tooLong"),
  description: z.string().trim().max(2000, "data:validation.tooLong"),
  is_tdabc: z.boolean(),
  costpool: z.number().int().nullable(),
});
type ActivityFormValues = z.infer<typeof schema>;

/** is_tdabc defaults to false. */
const EMPTY: ActivityFormValues = { name: "", description: "", is_tdabc: false, costpool: null };

export function ActivityForm({
  model,
  initial = EMPTY,
  loading,
  onSubmit,
  onCancel,
}: {
  model: number;
  initial?: ActivityFormValues;
  loading?: boolean;
  onSubmit: (values: ActivityFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  const pools = useModelCostPools(model);
  const options = (pools.data?.results ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.identifier} — ${p.name}`,
  }));
  return (
    <form
      noValidate
      data-testid="activity-form"
      onSubmit={(e) => {
        e.preventDefault();
        const v = form.validate();
        if (v) onSubmit(v, (error) => form.applyApiError(error, t("common:messages.saveFailed")));
      }}
    >
      <Stack gap="sm">
        {form.errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <TextInput
          label={t("model:activities.name")}
          name="name"
          value={form.values.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
          data-autofocus
        />
        <Textarea
          label={t("model:activities.description")}
          name="description"
          autosize
          minRows={2}
          value={form.values.description}
          onChange={(e) => form.setValue("description", e.currentTarget.value)}
          error={errorText(t, form.errors.description)}
        />
        <Select
          label={t("model:activities.costPool")}
          data={options}
          value={form.values.costpool === null ? null : String(form.values.costpool)}
          onChange={(v) => form.setValue("costpool", v ? Number(v) : null)}
          error={errorText(t, form.errors.costpool)}
          clearable
          searchable
          nothingFoundMessage={t("common:messages.noResults")}
          data-testid="activity-costpool"
        />
        <Switch
          label={t("data:activities.isTdabc")}
          description={t("data:activities.isTdabcHelp")}
          checked={form.values.is_tdabc}
          onChange={(e) => form.setValue("is_tdabc", e.currentTarget.checked)}
          error={errorText(t, form.errors.is_tdabc)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="activity-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
