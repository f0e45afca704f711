import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { PageLoader } from "../../../components/page-loader";
import { useReportCalculationState } from "../api/get-report-calculation";

/** What a report area shows before it has data: the latest report calculation decides. */
export function ReportState({ scenario, ready }: { scenario: number; ready: boolean }) {
  const { t } = useTranslation();
  const state = useReportCalculationState(ready ? scenario : null);
  if (!ready)
    return <EmptyState title={t("common:messages.fillFiltersFirst")} description={t("report:filtersHint")} />;
  if (state.isLoading) return <PageLoader />;
  if (state.data === "error") return <EmptyState title={t("common:messages.errorSomethingHappen")} />;
  if (state.data === "finished") return <EmptyState title={t("common:messages.noResults")} />;
  return <EmptyState title={t("common:messages.noCalculation")} description={t("report:needCalculation")} />;
}
