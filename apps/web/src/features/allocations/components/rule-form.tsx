import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { ApiError } from "../../../lib/api-client";
import { DEFAULT_FORMULA } from "../../../lib/constants";
import { notifySuccess } from "../../../lib/notify";
import type { RuleRow } from "../api/get-step-rules";
import { useSaveRule } from "../api/save-rule";
import { FormulaInput } from "./formula-input";
import { RemoteSelect } from "./remote-select";
import {
  initialValues,
  type RuleErrors,
  type RuleValues,
  ruleBody,
  type SplitType,
  validateRule,
} from "./rule-values";

const SOURCE: Record<
  StepNumber,
  "accounts" | "indirectPools" | "directPools" | "activities" | "calculatedDrivers"
> = {
  1: "accounts",
  2: "indirectPools",
  3: "directPools",
  4: "activities",
  5: "activities",
  6: "calculatedDrivers",
};
const DESTINATION: Record<StepNumber, "pools" | "activities" | "dimensions"> = {
  1: "pools",
  2: "pools",
  3: "activities",
  4: "dimensions",
  5: "dimensions",
  6: "dimensions",
};

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
  const [values, setValues] = useState<RuleValues>(() => initialValues(step, row));
  const [errors, setErrors] = useState<RuleErrors>({});
  const save = useSaveRule();
  const ctx = { model, scenario };
  const set = <K extends keyof RuleValues>(key: K, value: RuleValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };
  const err = (key: keyof RuleErrors) => {
    const m = errors[key];
    return m ? (/^[a-z]+:[\w.]+$/.test(m) ? t(m) : m) : undefined;
  };
  const childDimension = values.destination ? Number(values.destination.value) : null;
  const parentDimension = values.parent ? Number(values.parent.value) : null;

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

  const splitOptions: SplitType[] =
    step === 4 ? ["EVEN", "DRIVER", "FORMULA"] : ["NOT_ALLOCATE", "EVEN", "DRIVER", "FORMULA"];

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {step === 6 && (
          // Step 6: the parent first, so that the driver list offers the drivers reaching it
          // (defined there or brought there by an earlier push); empty = the driver's dimension.
          <RemoteSelect
            source="dimensions"
            ctx={ctx}
            label={t("allocation:form.parent")}
            description={t("allocation:form.parentStep6Hint")}
            value={values.parent?.value ?? null}
            current={values.parent}
            onChange={(_, o) => {
              set("parent", o);
              if (values.parent?.value !== o?.value) set("source", null);
            }}
            error={err("parent")}
            clearable
            placeholder={t("allocation:form.parentFromDriver")}
            testId="rule-parent"
          />
        )}
        <RemoteSelect
          source={step === 6 && parentDimension !== null ? "step6Sources" : SOURCE[step]}
          ctx={step === 6 ? { ...ctx, dimension: parentDimension } : ctx}
          label={t(`allocation:form.source${step}`)}
          value={values.source?.value ?? null}
          current={values.source}
          onChange={(_, o) => set("source", o)}
          error={err("source")}
          required
          testId="rule-source"
        />
        {step === 5 && (
          <RemoteSelect
            source="dimensions"
            ctx={ctx}
            label={t("allocation:form.parent")}
            value={values.parent?.value ?? null}
            current={values.parent}
            onChange={(_, o) => set("parent", o)}
            error={err("parent")}
            required
          />
        )}
        <RemoteSelect
          source={DESTINATION[step]}
          ctx={ctx}
          label={t(`allocation:form.destination${step}`)}
          value={values.destination?.value ?? null}
          current={values.destination}
          exclude={step === 2 ? (values.source?.value ?? null) : null}
          onChange={(_, o) => {
            set("destination", o);
            if (step === 3) set("destinationTdabc", o?.meta?.is_tdabc === true);
            if (step >= 4) set("allocationDriver", null);
          }}
          error={err("destination")}
          required
          testId="rule-destination"
        />

        {(step === 1 || step === 2) && (
          <>
            <Text fz="sm" fw={500}>
              {t("allocation:form.type")}
            </Text>
            <SegmentedControl
              value={values.type}
              onChange={(v) => set("type", v as RuleValues["type"])}
              data={[
                { value: "PERCENTAGE", label: t("allocation:form.typePercentage") },
                { value: "DRIVER", label: t("allocation:form.typeDriver") },
              ]}
            />
            {values.type === "DRIVER" && (
              <RemoteSelect
                source="poolDrivers"
                ctx={ctx}
                label={t("allocation:form.poolDriver")}
                value={values.driver?.value ?? null}
                current={values.driver}
                onChange={(_, o) => set("driver", o)}
                error={err("driver")}
                required
              />
            )}
          </>
        )}
        {(step === 3 || ((step === 1 || step === 2) && values.type === "PERCENTAGE")) && (
          <NumberInput
            label={t("allocation:form.percentage")}
            description={t("allocation:form.percentageHint")}
            value={values.percentage}
            onChange={(v) => set("percentage", v)}
            min={0}
            max={100}
            // Keep what was typed so an out-of-range value gets its message instead of a silent clamp.
            clampBehavior="none"
            decimalScale={4}
            suffix=" %"
            error={err("percentage")}
            withAsterisk
            data-testid="rule-percentage"
          />
        )}
        {step === 3 && values.destinationTdabc && (
          <NumberInput
            label={t("allocation:form.unitMinutes")}
            description={t("allocation:form.unitMinutesHint")}
            value={values.tdabcRatio}
            onChange={(v) => set("tdabcRatio", v)}
            min={0}
            decimalScale={4}
            error={err("tdabcRatio")}
            withAsterisk
          />
        )}

        {step >= 4 && (
          <>
            <Text fz="sm" fw={500}>
              {t("allocation:form.splitType")}
            </Text>
            <SegmentedControl
              value={values.splitType}
              onChange={(v) => setSplit(v as SplitType)}
              data={splitOptions.map((s) => ({ value: s, label: t(`allocation:split.${s}`) }))}
              data-testid="rule-split"
            />
            {values.splitType === "DRIVER" && (
              <RemoteSelect
                source="dimensionDrivers"
                ctx={{ ...ctx, dimension: childDimension }}
                label={t("allocation:form.allocationDriver")}
                value={values.allocationDriver?.value ?? null}
                current={values.allocationDriver}
                onChange={(_, o) => set("allocationDriver", o)}
                error={err("allocationDriver")}
                disabled={childDimension === null}
                required
              />
            )}
            {values.splitType === "FORMULA" && (
              <FormulaInput
                value={values.equation}
                onChange={(v) => set("equation", v)}
                dimension={childDimension}
                error={err("equation")}
              />
            )}
          </>
        )}
        {step === 4 && (
          <TextInput
            label={t("allocation:form.description")}
            value={values.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            maxLength={2000}
          />
        )}
        {errors.form && (
          <Alert color="red" variant="light" data-testid="rule-form-error">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="rule-save">
            {t("common:actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
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
