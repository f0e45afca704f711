// A transaction (a record of a dimension in the scenario), its inputs built from the dimension's
// drivers: Decimal as a number, Date as a date, Text and Dimension (a parent record id) as text.

import type { DimensionDriver } from "@costflow/contract/dimensions";
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertCircle, IconCalendar } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";

const DECIMAL = /^-?\d+(\.\d+)?$/;
type Values = Record<string, string>;

interface TransactionFormProps {
  drivers: DimensionDriver[];
  initial: { transaction_id: string; fields: Record<string, unknown> } | null;
  loading?: boolean;
  onSubmit: (
    values: { transaction_id: string; fields: Record<string, string | number | null> },
    fail: (error: unknown) => void,
  ) => void;
  onCancel: () => void;
}

export function TransactionForm({ drivers, initial, loading, onSubmit, onCancel }: TransactionFormProps) {
  const { t } = useTranslation();
  const [id, setId] = useState(initial?.transaction_id ?? "");
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      drivers.map((d) => [d.name, initial?.fields[d.name] == null ? "" : String(initial.fields[d.name])]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => ({ ...prev, [name]: "" }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!id.trim()) next.transaction_id = t("common:validation.required");
    const { fields, errors: fieldErrors } = parseFields(drivers, values, t);
    Object.assign(next, fieldErrors);
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    onSubmit({ transaction_id: id.trim(), fields }, (error) => setErrors(serverErrors(error, t)));
  };

  return (
    <form noValidate onSubmit={submit} data-testid="transaction-form">
      <Stack gap="sm">
        {errors.form && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {errors.form}
          </Alert>
        )}
        <TextInput
          label={t("model:dimensionData.transactionId")}
          name="transaction_id"
          value={id}
          onChange={(e) => setId(e.currentTarget.value)}
          disabled={initial !== null}
          error={errors.transaction_id || undefined}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {drivers.map((d) => (
            <DriverInput
              key={d.id}
              driver={d}
              value={values[d.name]}
              error={errors[d.name]}
              onChange={(v) => set(d.name, v)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="transaction-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The drivers' values to send (empty: null, Decimal: a number) and the errors of those that do not parse. */
function parseFields(drivers: DimensionDriver[], values: Values, t: TFunction) {
  const errors: Record<string, string> = {};
  const fields: Record<string, string | number | null> = {};
  for (const d of drivers) {
    const raw = (values[d.name] ?? "").trim();
    if (raw === "") {
      fields[d.name] = null;
      continue;
    }
    if (d.data_type === "DECI") {
      const clean = raw.replace(",", ".");
      if (!DECIMAL.test(clean)) errors[d.name] = t("data:accounts.amountInvalid");
      else fields[d.name] = Number(clean);
    } else fields[d.name] = raw;
  }
  return { fields, errors };
}

/** The server's refusal: field errors name `fields.<driver>` (or transaction_id), anything else is the form's. */
function serverErrors(error: unknown, t: TFunction): Record<string, string> {
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    const mapped: Record<string, string> = {};
    for (const fe of error.fieldErrors) mapped[fe.field.replace(/^fields\./, "")] = fe.message;
    return mapped;
  }
  return {
    form: error instanceof ApiError && error.message ? error.message : t("common:messages.saveFailed"),
  };
}

/** A driver's input: a date picker for Date, a text input otherwise (decimal keyboard for Decimal). */
function DriverInput({
  driver: d,
  value,
  error,
  onChange,
}: {
  driver: DimensionDriver;
  value: string | undefined;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return d.data_type === "DATE" ? (
    <DatePickerInput
      label={d.label || d.name}
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      clearable
      error={error || undefined}
    />
  ) : (
    <TextInput
      label={d.label || d.name}
      name={`field-${d.name}`}
      description={d.data_type === "DIMENSION" ? t("data:dimensions.parentRecord") : undefined}
      dir={d.data_type === "DECI" ? "ltr" : undefined}
      inputMode={d.data_type === "DECI" ? "decimal" : undefined}
      value={value ?? ""}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error || undefined}
    />
  );
}
