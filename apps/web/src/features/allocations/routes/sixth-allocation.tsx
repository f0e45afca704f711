import { AllocationStepPage, type StepConfig } from "../components/allocation-step";

const CONFIG: StepConfig<6> = {
  step: 6,
  title: "model:allocation.step6.title",
  description: "model:allocation.step6.description",
  from: "model:allocation.nodes.calculatedDrivers",
  to: "model:allocation.nodes.childDimension",
  rulesHint: "model:allocation.step6.hint",
  columns: (t) => [
    { id: "source_driver_name", header: t("model:allocation.columns.calculatedDriver") },
    { id: "source_parent_name", header: t("model:allocation.columns.parent") },
    { id: "destination_child_name", header: t("model:allocation.columns.child") },
    {
      id: "splitType",
      header: t("model:allocation.columns.type"),
      cell: (r) => t(`allocation:split.${r.splitType}`),
    },
    {
      id: "equation",
      header: t("model:allocation.columns.equation"),
      // Formulas read left to right in every language.
      cell: (r) => (
        <bdi dir="ltr" style={{ fontFamily: "var(--mantine-font-family-monospace)", fontSize: "0.8em" }}>
          {r.equation}
        </bdi>
      ),
    },
  ],
};

export default function SixthAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
