import { POOL_DRIVER_TYPES } from "@costflow/contract/cost";
import { Alert, Button, Group, Select, Stack, Switch, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

// One TDABC driver per model, and it must be decimal.
const schema = z
  .object({
    name: z.string().trim().min(1, "common:validation.required").max(200, "data:validation.tooLong"),
    display_type: z.enum(POOL_DRIVER_TYPES),
    is_tdabc: z.boolean(),
  })
  .refine((v) => !v.is_tdabc || v.display_type === "DECI", {
    path: ["is_tdabc"],
    message: "data:pools.tdabcDecimal",
  });
type PoolDriverFormValues = z.infer<typeof schema>;

export function PoolDriverForm({
  initial = { name: "", display_type: "DECI", is_tdabc: false },
  otherTdabc,
  loading,
  onSubmit,
  onCancel,
}: {
  initial?: PoolDriverFormValues;
  /** Name of another driver of the model that is already the TDABC one, if any. */
  otherTdabc: string | null;
  loading?: boolean;
  onSubmit: (values: PoolDriverFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial);
  return (
    <form
      noValidate
      data-testid="pool-driver-form"
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
          label={t("data:pools.driverName")}
          name="name"
          value={form.values.name}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required
          data-autofocus
        />
        <Select
          label={t("data:pools.driverType")}
          data={POOL_DRIVER_TYPES.map((v) => ({ value: v, label: t(`data:driverTypes.${v}`) }))}
          value={form.values.display_type}
          onChange={(v) =>
            form.setValue("display_type", (v ?? "DECI") as PoolDriverFormValues["display_type"])
          }
          allowDeselect={false}
          error={errorText(t, form.errors.display_type)}
        />
        <Switch
          label={t("data:pools.isTdabc")}
          description={
            otherTdabc ? t("data:pools.tdabcTaken", { name: otherTdabc }) : t("data:pools.tdabcHelp")
          }
          disabled={otherTdabc !== null}
          checked={form.values.is_tdabc}
          onChange={(e) => form.setValue("is_tdabc", e.currentTarget.checked)}
          error={errorText(t, form.errors.is_tdabc)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="pool-driver-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
