// The driver values of one cost pool in the scenario; an emptied field deletes that value.

import type { CostPool } from "@costflow/contract/cost";
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function PoolValuesForm({
  pool,
  loading,
  onSubmit,
  onCancel,
}: {
  pool: CostPool;
  loading?: boolean;
  onSubmit: (values: { driver: number; value: string | null }[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Record<number, string>>(() =>
    Object.fromEntries(pool.drivers.map((d) => [d.id, d.value === null ? "" : String(d.value)])),
  );
  const [bad, setBad] = useState<number[]>([]);
  if (pool.drivers.length === 0)
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {t("common:messages.createDriverFirst")}
      </Alert>
    );
  return (
    <form
      noValidate
      data-testid="pool-values-form"
      onSubmit={(e) => {
        e.preventDefault();
        const clean = pool.drivers.map((d) => ({
          driver: d.id,
          text: (texts[d.id] ?? "").trim().replace(",", "."),
        }));
        const wrong = clean.filter((c) => c.text !== "" && !DECIMAL.test(c.text)).map((c) => c.driver);
        setBad(wrong);
        if (wrong.length === 0)
          onSubmit(clean.map((c) => ({ driver: c.driver, value: c.text === "" ? null : c.text })));
      }}
    >
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t("data:pools.valuesHelp")}
        </Text>
        {pool.drivers.map((d) => (
          <TextInput
            key={d.id}
            label={d.is_tdabc ? t("data:pools.capacityOf", { name: d.name }) : d.name}
            dir="ltr"
            inputMode="decimal"
            value={texts[d.id] ?? ""}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setTexts((prev) => ({ ...prev, [d.id]: value }));
            }}
            error={bad.includes(d.id) ? t("data:accounts.amountInvalid") : undefined}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={loading} data-testid="pool-values-submit">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
