import { AllocationStepPage, type StepConfig } from "../components/allocation-step";

const CONFIG: StepConfig = {
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
    { id: "splitType", header: t("model:allocation.columns.type") },
    { id: "equation", header: t("model:allocation.columns.equation") },
  ],
};

export default function FifthAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
