import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import type { StepNumber } from "../../../lib/api/step-endpoints";
import { useAppContext } from "../../../lib/app-context";
import { ResultsPanel } from "../components/results-panel";
import { UnallocatedPanel } from "../components/unallocated-panel";

// The result pages: each names the step and view it opens.
const PAGES: { value: string; label: string; step: StepNumber; view?: string; unallocated?: boolean }[] = [
  { value: "first", label: "common:nav.step1", step: 1 },
  { value: "second", label: "common:nav.step2", step: 2 },
  { value: "third", label: "common:nav.step3", step: 3 },
  { value: "tdabc", label: "allocation:results.pages.tdabc", step: 3, view: "tdabc" },
  { value: "fourth", label: "common:nav.step4", step: 4 },
  { value: "aggregated", label: "allocation:results.pages.aggregated", step: 4, view: "aggregated" },
  { value: "positiveNegative", label: "allocation:results.pages.positiveNegative", step: 4, view: "byLine" },
  { value: "fifth", label: "common:nav.step5", step: 5 },
  { value: "sixth", label: "common:nav.step6", step: 6 },
  {
    value: "unallocated",
    label: "allocation:results.pages.unallocated",
    step: 5,
    view: "byLine",
    unallocated: true,
  },
  {
    value: "unallocatedDrivers",
    label: "allocation:results.pages.unallocatedDrivers",
    step: 6,
    view: "byLine",
    unallocated: true,
  },
];

function Results({ scenario }: { scenario: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fromStep = PAGES.find((p) => String(p.step) === params.get("step") && !p.view);
  const page = PAGES.find((p) => p.value === params.get("page")) ?? fromStep ?? PAGES[2]!;
  return (
    <>
      <PageHeader
        title={t("allocation:results.title")}
        description={t(
          page.value === "positiveNegative"
            ? "allocation:results.positiveNegativeHint"
            : "allocation:results.subtitle",
        )}
        actions={
          <Select
            aria-label={t("allocation:results.page")}
            data={PAGES.map((p) => ({ value: p.value, label: t(p.label) }))}
            value={page.value}
            onChange={(v) => setParams({ page: v ?? "third" })}
            allowDeselect={false}
            w={280}
            data-testid="results-page"
          />
        }
      />
      {page.unallocated && (page.step === 5 || page.step === 6) ? (
        <UnallocatedPanel key={page.value} step={page.step} scenario={scenario} />
      ) : (
        <ResultsPanel
          key={page.value}
          step={page.step}
          scenario={scenario}
          initialView={page.view}
          sortByAmount={page.value === "positiveNegative"}
        />
      )}
    </>
  );
}

export default function ResultsPage() {
  const ctx = useAppContext();
  return <RequireScenario>{ctx.scenario && <Results scenario={ctx.scenario.id} />}</RequireScenario>;
}
