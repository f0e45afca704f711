import { Alert, Button, Group, Select, Stack, Switch, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DEFAULT_FORMULA } from "../../../lib/constants";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useDecimalDrivers } from "../api/get-decimal-drivers";
import { FormulaEditor } from "./formula-editor";

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "common:validation.required")
    .max(100, "data:validation.tooLong")
    .regex(/^[^[\]]+$/, "data:calcDrivers.noBrackets"),
  // Kept nullable in the form's values (no dimension chosen yet); a null is refused on submit.
  dimension: z
    .number()
    .int()
    .nullable()
    .refine((v) => v !== null && v > 0, { message: "common:validation.required" }),
  formula: z.string().max(10_000, "data:validation.tooLong"),
  is_pnl_line: z.boolean(),
});
type CalcDriverFormValues = z.infer<typeof schema>;

export const EMPTY_CALC_DRIVER: CalcDriverFormValues = {
  name: "",
  dimension: null,
  formula: DEFAULT_FORMULA,
  is_pnl_line: false,
};

export function CalcDriverForm({
  driverId,
  initial,
  dimensions,
  loading,
  onSubmit,
  onCancel,
}: {
  driverId: number | null;
  initial: CalcDriverFormValues;
  dimensions: { value: string; label: string }[];
  loading?: boolean;
  onSubmit: (values: CalcDriverFormValues & { dimension: number }, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  const names = (useDecimalDrivers(form.values.dimension).data?.results ?? []).map((d) => d.name);
  return (
    <form
      noValidate
      data-testid="calc-driver-form"
      onSubmit={(e) => {
        e.preventDefault();
        const v = form.validate();
        if (v && v.dimension !== null)
          onSubmit({ ...v, dimension: v.dimension }, (error) =>
            form.applyApiError(error, t("common:messages.saveFailed")),
          );
      }}
    >
      <Stack gap="sm">
        {form.errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <Group grow align="flex-start">
          <TextInput
            label={t("data:calcDrivers.name")}
            name="name"
            value={form.values.name}
            onChange={(e) => form.setValue("name", e.currentTarget.value)}
            error={errorText(t, form.errors.name)}
            required
            data-autofocus
          />
          <Select
            label={t("data:calcDrivers.dimension")}
            data={dimensions}
            value={form.values.dimension === null ? null : String(form.values.dimension)}
            onChange={(v) => form.setValue("dimension", v ? Number(v) : null)}
            error={errorText(t, form.errors.dimension)}
            required
            searchable
            nothingFoundMessage={t("common:messages.noResults")}
            data-testid="calc-driver-dimension"
          />
        </Group>
        <FormulaEditor
          dimension={form.values.dimension}
          driverId={driverId}
          value={form.values.formula}
          onChange={(v) => form.setValue("formula", v)}
          names={names}
          error={errorText(t, form.errors.formula)}
        />
        <Switch
          label={t("data:calcDrivers.isPnlLine")}
          description={t("data:calcDrivers.isPnlLineHelp")}
          checked={form.values.is_pnl_line}
          onChange={(e) => form.setValue("is_pnl_line", e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="calc-driver-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
