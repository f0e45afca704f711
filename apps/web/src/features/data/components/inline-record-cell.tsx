// A record's driver value edited in place (older records view): click, type, Enter or leaving the
// field saves with PATCH dimension/records/{id}/ {driverData: {<driver>: value}}; Escape cancels.
// The server checks the value against the driver's type and its message is shown under the input.
import { TextInput, UnstyledButton } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-client";

export function InlineRecordCell({
  display,
  value,
  type,
  label,
  onSave,
  testId,
}: {
  display: ReactNode;
  value: unknown;
  type: string;
  label: string;
  onSave: (value: string | number | null) => Promise<unknown>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const original = value === null || value === undefined ? "" : String(value);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(original);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const commit = async () => {
    const clean = text.trim();
    if (clean === original) return setEditing(false);
    // Decimals are typed with a dot whatever the language; a comma is read as the decimal mark.
    const decimal = clean.replace(",", ".");
    const next =
      clean === "" ? null : type === "DECI" && !Number.isNaN(Number(decimal)) ? Number(decimal) : clean;
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch (e) {
      const field = e instanceof ApiError ? e.fieldErrors[0]?.message : undefined;
      setError(field ?? t("common:messages.saveFailed"));
    } finally {
      setSaving(false);
    }
  };

  if (!editing)
    return (
      <UnstyledButton
        onClick={() => {
          setText(original);
          setError(null);
          setEditing(true);
        }}
        aria-label={label}
        data-testid={testId}
        fz="sm"
        style={{
          minWidth: 48,
          minHeight: 22,
          borderBottom: "1px dashed var(--mantine-color-default-border)",
        }}
      >
        {display === "" ? "—" : display}
      </UnstyledButton>
    );
  return (
    <TextInput
      size="xs"
      dir={type === "TEXT" ? undefined : "ltr"}
      inputMode={type === "DECI" ? "decimal" : undefined}
      placeholder={type === "DATE" ? "YYYY-MM-DD" : undefined}
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
      w={150}
      data-testid={testId ? `${testId}-input` : undefined}
    />
  );
}
