import { AllocationStepPage, type StepConfig } from "../components/allocation-step";
import { formatPercentValue } from "../components/percentage";

const CONFIG: StepConfig<2> = {
  step: 2,
  title: "model:allocation.step2.title",
  description: "model:allocation.step2.description",
  from: "model:allocation.nodes.indirectPools",
  to: "model:allocation.nodes.directPools",
  rulesHint: "model:allocation.step2.hint",
  columns: (t) => [
    { id: "source_ext_id", header: t("model:allocation.columns.sourceId"), sortable: true },
    { id: "source_name", header: t("model:allocation.columns.source"), sortable: true },
    { id: "destination_ext_id", header: t("model:allocation.columns.destinationId") },
    { id: "destination_name", header: t("model:allocation.columns.destination"), sortable: true },
    {
      id: "allocation_type",
      header: t("model:allocation.columns.type"),
      cell: (r) =>
        t(r.allocation_type === "DRIVER" ? "allocation:form.typeDriver" : "allocation:form.typePercentage"),
    },
    {
      id: "percentage",
      header: t("model:allocation.columns.percentage"),
      cell: (r) => formatPercentValue(r.percentage),
    },
    { id: "cost_pool_driver_name", header: t("model:allocation.columns.driver") },
  ],
};

export default function SecondAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
