// A transaction (a record of a dimension in the scenario), its inputs built from the dimension's
// drivers: Decimal as a number, Date as a date, Text and Dimension (a parent record id) as text.

import type { DimensionDriver } from "@costflow/contract/dimensions";
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconAlertCircle, IconCalendar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";

const DECIMAL = /^-?\d+(\.\d+)?$/;
type Values = Record<string, string>;

export function TransactionForm({
  drivers,
  initial,
  loading,
  onSubmit,
  onCancel,
}: {
  drivers: DimensionDriver[];
  initial: { transaction_id: string; fields: Record<string, unknown> } | null;
  loading?: boolean;
  onSubmit: (
    values: { transaction_id: string; fields: Record<string, string | number | null> },
    fail: (error: unknown) => void,
  ) => void;
  onCancel: () => void;
}) {
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
    const fields: Record<string, string | number | null> = {};
    for (const d of drivers) {
      const raw = (values[d.name] ?? "").trim();
      if (raw === "") {
        fields[d.name] = null;
        continue;
      }
      if (d.data_type === "DECI") {
        const clean = raw.replace(",", ".");
        if (!DECIMAL.test(clean)) next[d.name] = t("data:accounts.amountInvalid");
        else fields[d.name] = Number(clean);
      } else fields[d.name] = raw;
    }
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    onSubmit({ transaction_id: id.trim(), fields }, (error) => {
      // Field errors name `fields.<driver>` (or transaction_id).
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        const mapped: Record<string, string> = {};
        for (const fe of error.fieldErrors) mapped[fe.field.replace(/^fields\./, "")] = fe.message;
        setErrors(mapped);
      } else
        setErrors({
          form: error instanceof ApiError && error.message ? error.message : t("common:messages.saveFailed"),
        });
    });
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
          {drivers.map((d) =>
            d.data_type === "DATE" ? (
              <DatePickerInput
                key={d.id}
                label={d.label || d.name}
                leftSection={<IconCalendar size={16} aria-hidden />}
                value={values[d.name] || null}
                onChange={(v) => set(d.name, v ?? "")}
                clearable
                error={errors[d.name] || undefined}
              />
            ) : (
              <TextInput
                key={d.id}
                label={d.label || d.name}
                name={`field-${d.name}`}
                description={d.data_type === "DIMENSION" ? t("data:dimensions.parentRecord") : undefined}
                dir={d.data_type === "DECI" ? "ltr" : undefined}
                inputMode={d.data_type === "DECI" ? "decimal" : undefined}
                value={values[d.name] ?? ""}
                onChange={(e) => set(d.name, e.currentTarget.value)}
                error={errors[d.name] || undefined}
              />
            ),
          )}
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
