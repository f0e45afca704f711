import { Alert, Skeleton } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { tableErrorText } from "../../../lib/table-error";

/**
 * Loading, 'No calculation found' (the report call answered 404: no finished report run), the
 * server's translated refusal (a 400 names the field) or the generic error; otherwise the report.
 */
export function ReportQueryState<T>({
  query,
  children,
  height = 240,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; data: T | null | undefined };
  children: (data: T) => ReactNode;
  height?: number;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <Skeleton h={height} data-testid="report-loading" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="report-error">
        {tableErrorText(query.error) ?? t("common:messages.errorSomethingHappen")}
      </Alert>
    );
  if (query.data === null || query.data === undefined)
    return (
      <EmptyState title={t("common:messages.noCalculation")} description={t("report:needCalculation")} />
    );
  return <>{children(query.data)}</>;
}

/** 'Fill your filters first' (docs/reports.md, "Screens") until the filters a report needs are chosen. */
export function FillFilters() {
  const { t } = useTranslation();
  return <EmptyState title={t("common:messages.fillFiltersFirst")} description={t("report:filtersHint")} />;
}
