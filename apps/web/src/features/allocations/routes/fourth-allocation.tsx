import { AllocationStepPage, type StepConfig } from "../components/allocation-step";
import { splitTypeCell } from "../components/split-type-cell";

const CONFIG: StepConfig<4> = {
  step: 4,
  title: "model:allocation.step4.title",
  description: "model:allocation.step4.description",
  from: "model:allocation.nodes.activities",
  to: "model:allocation.nodes.dimensions",
  rulesHint: "model:allocation.step4.hint",
  columns: (t) => [
    { id: "source_name", header: t("model:allocation.columns.source"), sortable: true },
    { id: "destination_name", header: t("model:allocation.columns.destination"), sortable: true },
    {
      id: "splitType",
      header: t("model:allocation.columns.type"),
      cell: (r) => splitTypeCell(t, r),
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
    { id: "description", header: t("model:allocation.columns.description") },
  ],
};

export default function FourthAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
