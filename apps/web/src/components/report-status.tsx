import { Alert, Skeleton } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./empty-state";

/** Loading, 'No calculation found' (404) and 'Error, something happen...' (other failures). */
export function ReportStatus<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; data: T | null | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <Skeleton h={200} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {t("common:messages.errorSomethingHappen")}
      </Alert>
    );
  if (!query.data)
    return (
      <EmptyState title={t("common:messages.noCalculation")} description={t("allocation:reports.needAll")} />
    );
  return <>{children(query.data)}</>;
}
