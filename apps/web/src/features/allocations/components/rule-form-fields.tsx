// The fields of one step's rule (rule-form.tsx), in three groups: who gives and who receives, the
// share of steps 1-3, and the split of steps 4-6 over the destination dimension's records.
import { NumberInput, SegmentedControl, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { FormulaInput } from "./formula-input";
import { RemoteSelect } from "./remote-select";
import type { RuleErrors, RuleValues, SplitType } from "./rule-values";

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

interface RuleFieldsProps {
  step: StepNumber;
  ctx: { model: number; scenario: number };
  values: RuleValues;
  set: <K extends keyof RuleValues>(key: K, value: RuleValues[K]) => void;
  err: (key: keyof RuleErrors) => string | undefined;
}

/** Source, destination and (steps 5 and 6) the parent dimension. */
export function RulePartiesFields({ step, ctx, values, set, err }: RuleFieldsProps) {
  const { t } = useTranslation();
  const parentDimension = values.parent ? Number(values.parent.value) : null;
  return (
    <>
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
    </>
  );
}

/** Steps 1-3: a percentage or (steps 1 and 2) a pool driver; TDABC activities' unit minutes. */
export function RuleShareFields({ step, ctx, values, set, err }: RuleFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** Steps 4-6: how the amount splits over the destination's records; step 4's description. */
export function RuleSplitFields({
  step,
  ctx,
  values,
  set,
  err,
  onSplit,
}: RuleFieldsProps & { onSplit: (split: SplitType) => void }) {
  const { t } = useTranslation();
  const childDimension = values.destination ? Number(values.destination.value) : null;
  const splitOptions: SplitType[] =
    step === 4 ? ["EVEN", "DRIVER", "FORMULA"] : ["NOT_ALLOCATE", "EVEN", "DRIVER", "FORMULA"];
  return (
    <>
      {step >= 4 && (
        <>
          <Text fz="sm" fw={500}>
            {t("allocation:form.splitType")}
          </Text>
          <SegmentedControl
            value={values.splitType}
            onChange={(v) => onSplit(v as SplitType)}
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
    </>
  );
}
