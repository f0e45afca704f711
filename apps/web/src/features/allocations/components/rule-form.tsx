import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { ApiError } from "../../../lib/api-client";
import { DEFAULT_FORMULA } from "../../../lib/constants";
import { notifySuccess } from "../../../lib/notify";
import type { RuleRow } from "../api/get-step-rules";
import { useSaveRule } from "../api/save-rule";
import { RulePartiesFields, RuleShareFields, RuleSplitFields } from "./rule-form-fields";
import {
  initialValues,
  type RuleErrors,
  type RuleValues,
  ruleBody,
  type SplitType,
  validateRule,
} from "./rule-values";

/** CREATE (row null) or UPDATE form of one step's rule, in a modal. */
export function RuleForm({
  step,
  model,
  scenario,
  row,
  opened,
  onClose,
}: {
  step: StepNumber;
  model: number;
  scenario: number;
  row: RuleRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t(row ? "allocation:form.editTitle" : "allocation:form.createTitle", { n: step })}
    >
      {opened && <RuleFormBody step={step} model={model} scenario={scenario} row={row} onClose={onClose} />}
    </Modal>
  );
}

function RuleFormBody({
  step,
  model,
  scenario,
  row,
  onClose,
}: {
  step: StepNumber;
  model: number;
  scenario: number;
  row: RuleRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useRuleForm(step, row, scenario, onClose);
  const fields = { step, ctx: { model, scenario }, values: form.values, set: form.set, err: form.err };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <RulePartiesFields {...fields} />
        <RuleShareFields {...fields} />
        <RuleSplitFields {...fields} onSplit={form.setSplit} />
        {form.errors.form && (
          <Alert color="red" variant="light" data-testid="rule-form-error">
            {form.errors.form}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={form.saving} data-testid="rule-save">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The rule's values and errors, checked here first and then by the API when it is saved. */
function useRuleForm(step: StepNumber, row: RuleRow | null, scenario: number, onClose: () => void) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RuleValues>(() => initialValues(step, row));
  const [errors, setErrors] = useState<RuleErrors>({});
  const save = useSaveRule();
  const set = <K extends keyof RuleValues>(key: K, value: RuleValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };
  const err = (key: keyof RuleErrors) => {
    const m = errors[key];
    return m ? (/^[a-z]+:[\w.]+$/.test(m) ? t(m) : m) : undefined;
  };

  const setSplit = (split: SplitType) => {
    // Choosing FORMULA resets the equation to '='.
    setValues((v) => ({ ...v, splitType: split, equation: split === "FORMULA" ? DEFAULT_FORMULA : "" }));
    setErrors({});
  };

  const submit = () => {
    const found = validateRule(step, values);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const body = ruleBody(step, values, scenario);
    save.mutate(
      { step, id: row ? row.id : null, type: values.type, body },
      {
        onSuccess: () => {
          notifySuccess(t("common:messages.savedSuccessfully"));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length > 0) {
            const next: RuleErrors = {};
            for (const fe of error.fieldErrors) {
              const key = FIELD_OF[fe.field] ?? "form";
              next[key] = next[key] ? `${next[key]} ${fe.message}` : fe.message;
            }
            setErrors(next);
          } else {
            setErrors({
              form:
                error instanceof ApiError && error.message ? error.message : t("common:messages.saveFailed"),
            });
          }
        },
      },
    );
  };

  return { values, errors, set, err, setSplit, submit, saving: save.isPending };
}

/** API field names → form fields. */
const FIELD_OF: Record<string, keyof RuleErrors> = {
  source: "source",
  source_activity: "source",
  source_driver: "source",
  destination: "destination",
  destination_child: "destination",
  source_parent: "parent",
  ratio: "percentage",
  percentage: "percentage",
  driver: "driver",
  tdabc_ratio: "tdabcRatio",
  splitType: "splitType",
  allocationDriver: "allocationDriver",
  equation: "equation",
  description: "description",
};
