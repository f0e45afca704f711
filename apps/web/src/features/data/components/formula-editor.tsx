// The calculated-driver formula editor: every pause in typing asks the server to check the formula
// (check-formula, the engine's checkFormula) and shows its verdict; an error is pointed at with an
// underline on the offending character and a caret beneath it.

import type { FormulaFeedback } from "@costflow/contract/calculated-drivers";
import { Alert, Badge, Box, Code, Group, Text, Textarea } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { checkFormula } from "../api/check-driver-formula";

const CHECK_DELAY_MS = 400;

/** The formula with the character at `position` marked (a space is added when it points past the end). */
function MarkedFormula({ formula, position }: { formula: string; position: number }) {
  const at = Math.max(0, Math.min(position, formula.length));
  const before = formula.slice(0, at);
  const marked = formula.slice(at, at + 1) || " ";
  const after = formula.slice(at + 1);
  return (
    <Code block dir="ltr" data-testid="formula-error-position" style={{ whiteSpace: "pre-wrap" }}>
      {before}
      <Box
        component="mark"
        style={{
          background: "var(--mantine-color-red-light)",
          color: "var(--mantine-color-red-filled)",
          textDecoration: "underline wavy var(--mantine-color-red-filled)",
          textUnderlineOffset: 3,
        }}
      >
        {marked}
      </Box>
      {after}
      {"\n"}
      {" ".repeat(before.length)}^
    </Code>
  );
}

function FormulaFeedbackView({ formula, feedback }: { formula: string; feedback: FormulaFeedback }) {
  const { t } = useTranslation();
  if (feedback.valid)
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        data-testid="formula-feedback"
      >
        <Text fz="sm">{feedback.message || t("data:calcDrivers.formulaValid")}</Text>
        {feedback.names.length > 0 && (
          <Group gap={4} mt={6}>
            <Text fz="xs" c="dimmed">
              {t("data:calcDrivers.reads")}
            </Text>
            {feedback.names.map((n) => (
              <Badge key={n} variant="outline" size="sm" tt="none">
                {n}
              </Badge>
            ))}
          </Group>
        )}
      </Alert>
    );
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="formula-feedback">
      <Text fz="sm" data-testid="formula-error">
        {feedback.message}
      </Text>
      {/* The server's message already names the position; the marked copy shows it. */}
      {feedback.position !== null && <MarkedFormula formula={formula} position={feedback.position} />}
    </Alert>
  );
}

export function FormulaEditor({
  dimension,
  driverId,
  value,
  onChange,
  names,
  error,
}: {
  dimension: number | null;
  driverId: number | null;
  value: string;
  onChange: (value: string) => void;
  /** Names the formula may read, offered as chips that insert them at the cursor. */
  names: string[];
  error?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const check = useFormulaCheck(dimension, driverId, value);
  const insert = (name: string) => {
    const el = ref.current;
    const token = /^[A-Za-z_][\w.]*$/.test(name) ? name : `[${name}]`;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const base = value === "" ? "=" : value;
    const s = value === "" ? 1 : start;
    const e = value === "" ? 1 : end;
    onChange(base.slice(0, s) + token + base.slice(e));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(s + token.length, s + token.length);
    });
  };
  // The verdict shown belongs to the text that was checked; while typing, the last one stays.
  const checked = check.data;
  return (
    <Box>
      <Textarea
        ref={ref}
        label={t("data:calcDrivers.formula")}
        description={t("data:calcDrivers.formulaHelp")}
        name="formula"
        dir="ltr"
        autosize
        minRows={3}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        spellCheck={false}
        data-testid="formula-input"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      {names.length > 0 && <NameChips names={names} onInsert={insert} />}
      <Box mt="sm" aria-live="polite">
        {dimension === null ? (
          <Text fz="xs" c="dimmed">
            {t("data:calcDrivers.pickDimensionFirst")}
          </Text>
        ) : checked ? (
          <FormulaFeedbackView formula={checked.formula} feedback={checked.formula_feedback} />
        ) : check.isError ? (
          <Text fz="xs" c="red">
            {t("common:messages.errorSomethingHappen")}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/** The server's check of the formula a moment after typing stops; the last verdict stays meanwhile. */
function useFormulaCheck(dimension: number | null, driverId: number | null, value: string) {
  const [debounced] = useDebouncedValue(value, CHECK_DELAY_MS);
  return useQuery({
    queryKey: ["data", "calculated-drivers", "check", dimension, driverId, debounced],
    queryFn: async () => ({
      formula: debounced,
      ...(await checkFormula(dimension ?? 0, debounced, driverId)),
    }),
    enabled: dimension !== null,
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
}

/** The names the formula may read, as chips that insert them. */
function NameChips({ names, onInsert }: { names: string[]; onInsert: (name: string) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} mt={6} wrap="wrap">
      <Text fz="xs" c="dimmed">
        {t("data:calcDrivers.available")}
      </Text>
      {names.map((n) => (
        <Badge
          key={n}
          component="button"
          type="button"
          variant="light"
          size="sm"
          tt="none"
          style={{ cursor: "pointer" }}
          onClick={() => onInsert(n)}
        >
          {n}
        </Badge>
      ))}
    </Group>
  );
}
