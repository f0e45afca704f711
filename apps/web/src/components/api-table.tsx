// A DataTable fed by one list endpoint: page (10 rows), sort and search become limit, offset,
// ordering and the search parameter; 404 from a list the server does not offer reads as empty.
import { Badge, Group, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../lib/api-types";
import { PAGE_SIZE } from "../lib/constants";
import { formatCurrency, formatDate, formatDateTime, formatInteger, formatNumber } from "../lib/format";
import { offsetFor, orderingFor, type PageParams } from "../lib/paged";
import { DataTable } from "./data-table";

export type CellKind = "text" | "number" | "integer" | "currency" | "date" | "datetime" | "boolean";

export interface ColumnSpec<T> {
  id: string;
  header: string;
  kind?: CellKind;
  sortable?: boolean;
  currency?: string;
  cell?: (row: T) => ReactNode;
}

function useColumns<T>(specs: ColumnSpec<T>[]): ColumnDef<T, unknown>[] {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () =>
      specs.map((s) => ({
        id: s.id,
        header: s.header,
        enableSorting: !!s.sortable,
        accessorFn: (row: T) => (row as Record<string, unknown>)[s.id],
        cell: ({ row }) => {
          if (s.cell) return s.cell(row.original);
          const v = (row.original as Record<string, unknown>)[s.id];
          switch (s.kind) {
            case "number":
              return <span className="cf-num">{formatNumber(Number(v), lang)}</span>;
            case "integer":
              return <span className="cf-num">{formatInteger(Number(v), lang)}</span>;
            case "currency":
              return <span className="cf-num">{formatCurrency(Number(v), lang, s.currency ?? "EUR")}</span>;
            case "date":
              return formatDate(v as string, lang);
            case "datetime":
              return formatDateTime(v as string, lang);
            case "boolean":
              return (
                <Badge variant="light" color={v ? "teal" : "gray"}>
                  {v ? t("common:values.yes") : t("common:values.no")}
                </Badge>
              );
            default:
              return v === null || v === undefined ? "" : String(v);
          }
        },
      })),
    [specs, lang, t],
  );
}

export interface ApiTableProps<T> {
  queryKey: QueryKey;
  fetcher: (params: PageParams) => Promise<Page<T>>;
  columns: ColumnSpec<T>[];
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  searchable?: boolean;
  searchPlaceholder?: string;
  toolbar?: ReactNode;
  defaultSort?: SortingState;
  pageSize?: number;
  enabled?: boolean;
  getRowId?: (row: T) => string;
  testId?: string;
}

export function ApiTable<T>({
  queryKey,
  fetcher,
  columns,
  emptyTitle,
  emptyDescription,
  searchable,
  searchPlaceholder,
  toolbar,
  defaultSort = [],
  pageSize = PAGE_SIZE,
  enabled = true,
  getRowId,
  testId,
}: ApiTableProps<T>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>(defaultSort);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const params: PageParams = {
    limit: pageSize,
    offset: offsetFor(page, pageSize),
    ordering: orderingFor(sorting[0]),
    search: debounced || undefined,
  };
  const query = useQuery({
    queryKey: [...queryKey, params],
    queryFn: () => fetcher(params),
    placeholderData: keepPreviousData,
    enabled,
  });
  const cols = useColumns(columns);

  return (
    <>
      {(searchable || toolbar) && (
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          {searchable ? (
            <TextInput
              leftSection={<IconSearch size={16} aria-hidden />}
              placeholder={searchPlaceholder ?? t("common:table.search")}
              aria-label={searchPlaceholder ?? t("common:table.search")}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: "100%", sm: 280 }}
            />
          ) : (
            <span />
          )}
          {toolbar && <Group gap="xs">{toolbar}</Group>}
        </Group>
      )}
      <DataTable
        columns={cols}
        data={query.data?.results ?? []}
        total={query.data?.count ?? 0}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        sorting={sorting}
        onSortingChange={(s) => {
          setSorting(s);
          setPage(1);
        }}
        loading={query.isLoading}
        error={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        getRowId={getRowId}
        testId={testId}
      />
    </>
  );
}
