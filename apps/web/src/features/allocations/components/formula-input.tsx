import { Box, Code, Group, Loader, Text, Textarea } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCircleCheck, IconCircleX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { checkFormula } from "../api/check-formula";

/**
 * A step 4/5/6 formula, checked live (debounced) against the dimension's drivers with the API's
 * formula feedback; the offending character is highlighted.
 */
export function FormulaInput({
  value,
  onChange,
  dimension,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  dimension: number | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(value, 400);
  const check = useQuery({
    queryKey: ["allocation", "check-formula", dimension, debounced],
    queryFn: ({ signal }) => checkFormula(dimension ?? 0, debounced, signal),
    enabled: dimension !== null && debounced.trim().length > 1,
    retry: false,
  });
  const feedback = check.data;
  const position = feedback?.error ? Math.max(0, Math.min(feedback.error.position, debounced.length)) : -1;

  return (
    <Box>
      <Textarea
        label={t("allocation:form.equation")}
        description={
          dimension === null ? t("allocation:form.formulaNeedsDimension") : t("allocation:form.formulaHint")
        }
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={2}
        dir="ltr"
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
        error={error}
        data-testid="formula-input"
      />
      <Box mt={6} aria-live="polite" data-testid="formula-feedback">
        {check.isFetching ? (
          <Loader size="xs" />
        ) : feedback?.ok ? (
          <Group gap={6}>
            <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text fz="xs" c="teal">
              {t("allocation:form.formulaOk")}
              {feedback.names.length > 0 &&
                ` ${t("allocation:form.formulaReads", { names: feedback.names.join(", ") })}`}
            </Text>
          </Group>
        ) : feedback?.error ? (
          <>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconCircleX size={16} color="var(--mantine-color-red-6)" aria-hidden />
              <Text fz="xs" c="red">
                {feedback.error.message}
              </Text>
            </Group>
            {position >= 0 && (
              <Code block dir="ltr" mt={4} data-testid="formula-error-position">
                {debounced.slice(0, position)}
                <mark
                  style={{ background: "var(--mantine-color-red-2)", color: "var(--mantine-color-red-9)" }}
                >
                  {debounced.slice(position, position + Math.max(1, feedback.error.name?.length ?? 1)) || " "}
                </mark>
                {debounced.slice(position + Math.max(1, feedback.error.name?.length ?? 1))}
              </Code>
            )}
          </>
        ) : check.isError ? (
          <Text fz="xs" c="red">
            {t("common:messages.errorSomethingHappen")}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}
