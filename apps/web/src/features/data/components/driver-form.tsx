// A dimension driver: Date, Text, Decimal or Dimension. A Dimension (relationship) driver picks
// the dimension its values name and is called <TARGET_CODE>_ID, so its name is not typed. With
// `initial` the form edits an existing driver (UPDATE mode): its type and target stay as they are.
import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { errorText, useZodForm } from "../../../lib/use-zod-form";

const TYPES = [
  { value: "DATE", label: "model:software.dimEdit.types.date" },
  { value: "TEXT", label: "model:software.dimEdit.types.text" },
  { value: "DECI", label: "model:software.dimEdit.types.decimal" },
  { value: "DIMENSION", label: "model:software.dimEdit.types.dimension" },
] as const;

const schema = z
  .object({
    name: z
      .string()
      .trim()
      .max(100, "data:validation.tooLong")
      .regex(/^[^[\]]*$/, "data:calcDrivers.noBrackets"),
    data_type: z.enum(["DATE", "TEXT", "DECI", "DIMENSION"]),
    target_dimension: z.number().int().nullable(),
    label: z.string().trim().max(200, "data:validation.tooLong"),
    is_pnl_line: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.data_type === "DIMENSION" && v.target_dimension === null)
      ctx.addIssue({ code: "custom", path: ["target_dimension"], message: "common:validation.required" });
    if (v.data_type !== "DIMENSION" && v.name === "")
      ctx.addIssue({ code: "custom", path: ["name"], message: "common:validation.required" });
  });
type DriverFormValues = z.infer<typeof schema>;

const EMPTY_DRIVER: DriverFormValues = {
  name: "",
  data_type: "DECI",
  target_dimension: null,
  label: "",
  is_pnl_line: false,
};

export function DriverForm({
  targets,
  initial,
  loading,
  onSubmit,
  onCancel,
}: {
  /** Other dimensions of the model, with their codes for the relationship name. */
  targets: { value: string; label: string; code: string }[];
  /** The driver being edited (UPDATE mode); none for a new driver. */
  initial?: DriverFormValues;
  loading?: boolean;
  onSubmit: (values: DriverFormValues, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(schema, initial ?? EMPTY_DRIVER);
  const editing = initial !== undefined;
  const relationship = form.values.data_type === "DIMENSION";
  const targetCode = targets.find((d) => d.value === String(form.values.target_dimension))?.code;
  const relationshipName = editing ? form.values.name : targetCode ? `${targetCode}_ID` : "";
  return (
    <form
      noValidate
      data-testid="driver-form"
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
        <TypeAndTarget form={form} targets={targets} editing={editing} />
        <TextInput
          label={t("model:dimensionData.driverName")}
          name="name"
          dir="ltr"
          value={relationship ? relationshipName : form.values.name}
          readOnly={relationship}
          description={relationship ? t("data:dimensionManager.relationshipName") : undefined}
          onChange={(e) => form.setValue("name", e.currentTarget.value)}
          error={errorText(t, form.errors.name)}
          required={!relationship}
          data-autofocus
        />
        <TextInput
          label={t("data:dimensionManager.label")}
          description={t("data:dimensionManager.labelHelp")}
          name="label"
          value={form.values.label}
          onChange={(e) => form.setValue("label", e.currentTarget.value)}
          error={errorText(t, form.errors.label)}
        />
        <Switch
          label={t("model:dimensionData.pnlLine")}
          checked={form.values.is_pnl_line}
          onChange={(e) => form.setValue("is_pnl_line", e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="driver-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type DriverFormState = ReturnType<typeof useZodForm<DriverFormValues>>;

/** The driver's type and, for a relationship, the dimension it names; both fixed once it exists. */
function TypeAndTarget({
  form,
  targets,
  editing,
}: {
  form: DriverFormState;
  targets: { value: string; label: string }[];
  editing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t("model:dimensionData.dataType")}
        </Text>
        <SegmentedControl
          fullWidth
          data={TYPES.map((ty) => ({ value: ty.value, label: t(ty.label) }))}
          value={form.values.data_type}
          onChange={(v) => form.setValue("data_type", v as DriverFormValues["data_type"])}
          disabled={editing}
          data-testid="driver-type"
        />
        {editing && (
          <Text fz="xs" c="dimmed">
            {t("data:dimensionManager.typeFixed")}
          </Text>
        )}
      </Stack>
      {form.values.data_type === "DIMENSION" && (
        <Select
          label={t("data:dimensionManager.target")}
          description={t("data:dimensionManager.targetHelp")}
          data={targets.map(({ value, label }) => ({ value, label }))}
          value={form.values.target_dimension === null ? null : String(form.values.target_dimension)}
          onChange={(v) => form.setValue("target_dimension", v ? Number(v) : null)}
          error={errorText(t, form.errors.target_dimension)}
          required
          searchable
          disabled={editing}
          nothingFoundMessage={t("common:messages.noResults")}
          data-testid="driver-target"
        />
      )}
    </>
  );
}
