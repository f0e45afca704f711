import { AllocationStepPage, type StepConfig } from "../components/allocation-step";

const CONFIG: StepConfig<5> = {
  step: 5,
  title: "model:allocation.step5.title",
  description: "model:allocation.step5.description",
  from: "model:allocation.nodes.parentDimension",
  to: "model:allocation.nodes.childDimension",
  rulesHint: "model:allocation.step5.hint",
  columns: (t) => [
    { id: "source_activity_name", header: t("model:allocation.columns.activity"), sortable: true },
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

export default function FifthAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
