// The comparison of two items (routes/multiple-dimension.tsx): the two totals with their variance,
// the records side by side, and for two scenarios the activities whose cost changed.
import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../components/data-table";
import { PAGE_SIZE } from "../../../lib/constants";
import { formatNumber, moneyText } from "../../../lib/format";
import type { CompareReport, CompareRow } from "../api/report-types";

const num = (s: string, color?: string) => (
  <span className="cf-num" style={color ? { color } : undefined}>
    {s}
  </span>
);
const signColor = (v: number) =>
  v < 0 ? "var(--mantine-color-red-text)" : v > 0 ? "var(--mantine-color-teal-text)" : undefined;

/** Money in the report's currency and percentages, in the interface's language. */
function useCompareFormat(currency: string | null | undefined) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const money = (v: number | null | undefined) => moneyText(v, lang, currency);
  const pct = (v: number | null | undefined) =>
    v === null || v === undefined ? "" : `${formatNumber(v, lang)} %`;
  return { money, pct };
}
type CompareFormat = ReturnType<typeof useCompareFormat>;

function compareColumns(
  t: TFunction,
  data: CompareReport | undefined,
  { money, pct }: CompareFormat,
): ColumnDef<CompareRow, unknown>[] {
  const aName = data?.a.name ?? "A";
  const bName = data?.b.name ?? "B";
  return [
    {
      id: "identifier",
      header: t("report:identifier"),
      enableSorting: true,
      cell: ({ row }: { row: { original: CompareRow } }) => row.original.identifier,
    },
    {
      id: "name",
      header: t("report:name"),
      enableSorting: false,
      cell: ({ row }: { row: { original: CompareRow } }) => row.original.name,
    },
    ...(data?.mode === "dimensions"
      ? [
          {
            id: "identifier_b",
            header: t("report:multiDimension.identifierOf", { item: bName }),
            enableSorting: false,
            cell: ({ row }: { row: { original: CompareRow } }) => row.original.identifier_b ?? "",
          },
          {
            id: "name_b",
            header: t("report:multiDimension.nameOf", { item: bName }),
            enableSorting: false,
            cell: ({ row }: { row: { original: CompareRow } }) => row.original.name_b ?? "",
          },
        ]
      : []),
    {
      id: "a",
      header: aName,
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }: { row: { original: CompareRow } }) => num(money(row.original.a)),
    },
    {
      id: "b",
      header: bName,
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }: { row: { original: CompareRow } }) => num(money(row.original.b)),
    },
    {
      id: "variance",
      header: t("report:variance"),
      enableSorting: true,
      meta: { numeric: true },
      cell: ({ row }: { row: { original: CompareRow } }) =>
        num(money(row.original.variance), signColor(row.original.variance)),
    },
    {
      id: "variance_percent",
      header: t("report:variancePercent"),
      enableSorting: false,
      meta: { numeric: true },
      cell: ({ row }: { row: { original: CompareRow } }) => num(pct(row.original.variance_percent)),
    },
  ];
}

export function CompareView({
  data,
  loading,
  error,
  page,
  onPage,
  sorting,
  onSorting,
}: {
  data: CompareReport | undefined;
  loading: boolean;
  error: string | boolean;
  page: number;
  onPage: (p: number) => void;
  sorting: SortingState;
  onSorting: (s: SortingState) => void;
}) {
  const { t } = useTranslation();
  const format = useCompareFormat(data?.currency);

  return (
    <Stack gap="md">
      {data && <CompareTotals data={data} format={format} />}
      <DataTable<CompareRow>
        columns={compareColumns(t, data, format)}
        data={data?.results ?? []}
        total={data?.count ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={onPage}
        sorting={sorting}
        onSortingChange={onSorting}
        loading={loading}
        error={error}
        emptyTitle={t("common:messages.noResults")}
        getRowId={(r) => `${r.identifier}|${r.identifier_b ?? ""}`}
        testId="compare-table"
        dense
      />
      {data && data.mode === "scenarios" && data.activities.length > 0 && (
        <CompareActivities data={data} format={format} />
      )}
    </Stack>
  );
}

function CompareTotals({ data, format: { money, pct } }: { data: CompareReport; format: CompareFormat }) {
  const { t } = useTranslation();
  const aName = data.a.name ?? "A";
  const bName = data.b.name ?? "B";
  const figures = [
    { label: aName, value: money(data.a.total) },
    { label: bName, value: money(data.b.total) },
    { label: t("report:variance"), value: money(data.variance) },
    { label: t("report:variancePercent"), value: pct(data.variance_percent) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="compare-totals">
      {figures.map((f) => (
        <div key={f.label}>
          <Text fz="xs" c="dimmed" truncate>
            {f.label}
          </Text>
          <Text fw={600} className="cf-num" ta="start">
            {f.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Two scenarios: each activity's cost in both and its variance (a rise in cost shows red). */
function CompareActivities({ data, format: { money, pct } }: { data: CompareReport; format: CompareFormat }) {
  const { t } = useTranslation();
  const aName = data.a.name ?? "A";
  const bName = data.b.name ?? "B";
  return (
    <div>
      <Title order={3} fz="md" mb="xs">
        {t("report:multiDimension.activities")}
      </Title>
      <Text fz="xs" c="dimmed" mb="xs">
        {t("report:multiDimension.activitiesHint")}
      </Text>
      <DataTable
        columns={[
          {
            id: "code",
            header: t("report:drill.activity"),
            cell: ({ row }) => `${row.original.code} · ${row.original.name}`,
          },
          {
            id: "a",
            header: aName,
            meta: { numeric: true },
            cell: ({ row }) => num(money(row.original.a)),
          },
          {
            id: "b",
            header: bName,
            meta: { numeric: true },
            cell: ({ row }) => num(money(row.original.b)),
          },
          {
            id: "variance",
            header: t("report:variance"),
            meta: { numeric: true },
            cell: ({ row }) => num(money(row.original.variance), signColor(-row.original.variance)),
          },
          {
            id: "variance_percent",
            header: t("report:variancePercent"),
            meta: { numeric: true },
            cell: ({ row }) => num(pct(row.original.variance_percent)),
          },
        ]}
        data={data.activities}
        total={data.activities.length}
        page={1}
        pageSize={Math.max(1, data.activities.length)}
        onPageChange={() => undefined}
        emptyTitle={t("common:messages.noResults")}
        getRowId={(r) => r.code}
        testId="compare-activities"
        dense
      />
    </div>
  );
}
