import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LineCategory, ReportLine } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { EMPTY_LINE, type ReportLineForm } from "./report-line-payload";

const CATEGORIES: { value: LineCategory; label: string }[] = [
  { value: "ACT", label: "report:plStructure.categories.ACT" },
  { value: "FOR", label: "report:plStructure.categories.FOR" },
  { value: "DRI", label: "report:plStructure.categories.DRI" },
  { value: "AGG", label: "report:plStructure.categories.AGG" },
];

export function ReportLineFormFields({
  model,
  lines,
  saving,
  onSubmit,
  onCancel,
  initial = EMPTY_LINE,
  editing,
}: {
  model: number;
  lines: ReportLine[];
  /** UPDATE mode: the line's values (CREATE starts from the defaults: factor 1, ACT, '='). */
  initial?: ReportLineForm;
  /** The line being edited: it cannot be its own parent. */
  editing?: number;
  saving: boolean;
  onSubmit: (form: ReportLineForm) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ReportLineForm>(initial);
  const [errors, setErrors] = useState<LineErrors>({});
  const set: SetField = (k, v) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = validateLine(form, t);
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(form);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="report-line-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("report:plStructure.code")}
            value={form.code}
            onChange={(e) => set("code", e.currentTarget.value)}
            error={errors.code}
            required
          />
          <TextInput
            label={t("report:plStructure.description")}
            value={form.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            error={errors.description}
            required
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t("report:plStructure.category")}
          </Text>
          <SegmentedControl
            value={form.category}
            onChange={(v) => set("category", v as LineCategory)}
            data={CATEGORIES.map((c) => ({ value: c.value, label: t(c.label) }))}
          />
        </Stack>
        <CategoryFields model={model} form={form} errors={errors} set={set} />
        <PlacementFields lines={lines} editing={editing} form={form} set={set} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type LineErrors = Partial<Record<keyof ReportLineForm, string>>;
type SetField = <K extends keyof ReportLineForm>(k: K, v: ReportLineForm[K]) => void;

/** The form's errors: code and description required, and what the category needs. */
function validateLine(form: ReportLineForm, t: TFunction): LineErrors {
  const next: LineErrors = {};
  const required = t("common:validation.required");
  if (!form.description.trim()) next.description = required;
  if (!form.code.trim()) next.code = required;
  if (form.category === "ACT" && form.activity === null)
    next.activity = t("common:messages.selectActivityOrDimension");
  if (form.category === "DRI" && form.calculated_driver_id === null) next.calculated_driver_id = required;
  if (form.category === "FOR" && !form.formula.trim().startsWith("="))
    next.formula = t("report:plStructure.formulaStart");
  return next;
}

/** What the category adds up: an activity (ACT), a calculated driver (DRI) or a formula (FOR). */
function CategoryFields({
  model,
  form,
  errors,
  set,
}: {
  model: number;
  form: ReportLineForm;
  errors: LineErrors;
  set: SetField;
}) {
  const { t } = useTranslation();
  const activities = useReportOptions("activities", model);
  const drivers = useReportOptions("calculatedDrivers", model);
  return (
    <>
      {form.category === "ACT" && (
        <Select
          label={t("report:plStructure.activity")}
          data={activities.data ?? []}
          value={form.activity === null ? null : String(form.activity)}
          onChange={(v) => set("activity", v ? Number(v) : null)}
          error={errors.activity}
          placeholder={(activities.data ?? []).length ? undefined : t("common:messages.noResults")}
          searchable
        />
      )}
      {form.category === "DRI" && (
        <Select
          label={t("report:plStructure.calculatedDriver")}
          data={(drivers.data ?? []).map((d) => ({ value: d.value, label: d.label }))}
          value={form.calculated_driver_id === null ? null : String(form.calculated_driver_id)}
          onChange={(v) => {
            const chosen = (drivers.data ?? []).find((d) => d.value === v);
            set("calculated_driver_id", v ? Number(v) : null);
            set("driverDimension", chosen?.dimension ?? null);
          }}
          error={errors.calculated_driver_id}
          placeholder={(drivers.data ?? []).length ? undefined : t("common:messages.createDriverFirst")}
        />
      )}
      {form.category === "FOR" && (
        <TextInput
          label={t("report:plStructure.formula")}
          value={form.formula}
          onChange={(e) => set("formula", e.currentTarget.value)}
          error={errors.formula}
          description={t("report:plStructure.formulaHint")}
          dir="ltr"
          ff="monospace"
        />
      )}
    </>
  );
}

/** Where the line goes: its sign, its parent line and its rank. */
function PlacementFields({
  lines,
  editing,
  form,
  set,
}: {
  lines: ReportLine[];
  editing: number | undefined;
  form: ReportLineForm;
  set: SetField;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        label={t("report:plStructure.factor")}
        data={[
          { value: "1", label: t("report:plStructure.factorPlus") },
          { value: "-1", label: t("report:plStructure.factorMinus") },
        ]}
        value={String(form.factor)}
        onChange={(v) => set("factor", Number(v ?? 1))}
        allowDeselect={false}
      />
      <Select
        label={t("report:plStructure.parent")}
        data={[
          { value: "0", label: t("report:plStructure.noParent") },
          ...lines
            .filter((l) => l.id !== editing)
            .map((l) => ({ value: String(l.id), label: `${l.code} · ${l.description}` })),
        ]}
        value={String(form.parent)}
        onChange={(v) => set("parent", Number(v ?? 0))}
        allowDeselect={false}
      />
      <NumberInput
        label={t("report:plStructure.rank")}
        value={form.rank}
        onChange={(v) => set("rank", Number(v) || 1)}
        min={1}
      />
    </SimpleGrid>
  );
}
