import { AllocationStepPage, type StepConfig } from "../components/allocation-step";
import { formatPercentValue, formatPlainNumber } from "../components/percentage";

const CONFIG: StepConfig<3> = {
  step: 3,
  title: "model:allocation.step3.title",
  description: "model:allocation.step3.description",
  from: "model:allocation.nodes.directPools",
  to: "model:allocation.nodes.activities",
  rulesHint: "model:allocation.step3.hint",
  beta: true,
  columns: (t) => [
    { id: "source_ext_id", header: t("model:allocation.columns.sourceId"), sortable: true },
    { id: "source_name", header: t("model:allocation.columns.source"), sortable: true },
    { id: "destination_name", header: t("model:allocation.columns.destination"), sortable: true },
    {
      id: "percentage",
      header: t("model:allocation.columns.percentage"),
      cell: (r) => formatPercentValue(r.percentage),
    },
    {
      id: "tdabc_ratio",
      header: t("model:allocation.columns.unitMinutes"),
      cell: (r) => formatPlainNumber(r.tdabc_ratio),
    },
  ],
};

export default function ThirdAllocationPage() {
  return <AllocationStepPage config={CONFIG} />;
}
