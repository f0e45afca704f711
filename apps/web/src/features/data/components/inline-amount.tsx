// An amount cell that turns into an input on click; Enter or leaving the field saves, Escape cancels.
import { ActionIcon, Group, TextInput, UnstyledButton } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function InlineAmount({
  display,
  value,
  onSave,
  label,
  testId,
}: {
  display: string;
  value: number | null;
  onSave: (amount: string) => Promise<unknown>;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () => {
    setText(value === null ? "" : String(value));
    setError(null);
    setEditing(true);
  };
  const commit = async () => {
    // Amounts are typed with a dot whatever the language; a comma is read as the decimal mark.
    const clean = text.trim().replace(",", ".");
    if (clean === (value === null ? "" : String(value))) return setEditing(false);
    if (!DECIMAL.test(clean)) return setError(t("data:accounts.amountInvalid"));
    setSaving(true);
    try {
      await onSave(clean);
      setEditing(false);
    } catch {
      setError(t("common:messages.saveFailed"));
    } finally {
      setSaving(false);
    }
  };

  if (!editing)
    return (
      <Group gap={4} wrap="nowrap" justify="flex-start">
        <UnstyledButton onClick={start} aria-label={label} className="cf-num" data-testid={testId}>
          {display || "—"}
        </UnstyledButton>
        <ActionIcon size="sm" variant="subtle" onClick={start} aria-label={label}>
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      </Group>
    );
  return (
    <TextInput
      size="xs"
      dir="ltr"
      inputMode="decimal"
      aria-label={label}
      value={text}
      error={error}
      disabled={saving}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === "Enter") void commit();
        if (e.key === "Escape") setEditing(false);
      }}
      autoFocus
      w={140}
      data-testid={testId ? `${testId}-input` : undefined}
    />
  );
}
