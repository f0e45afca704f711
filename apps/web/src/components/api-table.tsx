// A DataTable fed by one list endpoint: page (10 rows), sort and search become limit, offset,
// ordering and the search parameter; 404 from a list the server does not offer reads as empty.
// A failed request shows the server's translated message when it refused the request (4xx), the
// generic text otherwise. Number, integer and currency columns are end-aligned; money columns take
// the currency of their spec (the scenario's), never a hard-coded one. More than 8 columns: dense.
import { Badge, Group, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import type { ColumnDef, SortingState } from "@tanstack/react-table";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../lib/api-types";
import { PAGE_SIZE } from "../lib/constants";
import { formatDate, formatDateTime, formatInteger, formatNumber, moneyText } from "../lib/format";
import {
  offsetFor,
  orderingFor,
  type PageParams,
  type RecordedCall,
  recordingCall,
  type TotalledPage,
} from "../lib/paged";
import { tableErrorText } from "../lib/table-error";
import { DataTable, type DataTableColumnMeta } from "./data-table";
import { TableExportMenu } from "./table-export-menu";

type CellKind = "text" | "number" | "integer" | "currency" | "date" | "datetime" | "boolean";

export interface ColumnSpec<T> {
  id: string;
  header: string;
  kind?: CellKind;
  sortable?: boolean;
  /** The ISO code of a currency column (the scenario's); missing or invalid: the plain amount. */
  currency?: string | null;
  cell?: (row: T) => ReactNode;
}

/** Tables with more columns than this turn dense so they fit without scrolling sideways. */
const DENSE_COLUMNS = 8;

const NUMERIC_KINDS: ReadonlySet<CellKind | undefined> = new Set(["number", "integer", "currency"]);

/** A cell's number; a missing value stays empty rather than reading as 0. */
function toNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
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
        meta: { numeric: NUMERIC_KINDS.has(s.kind) } satisfies DataTableColumnMeta,
        accessorFn: (row: T) => (row as Record<string, unknown>)[s.id],
        cell: ({ row }) => {
          if (s.cell) return s.cell(row.original);
          const v = (row.original as Record<string, unknown>)[s.id];
          switch (s.kind) {
            case "number":
              return <span className="cf-num">{formatNumber(toNumber(v), lang)}</span>;
            case "integer":
              return <span className="cf-num">{formatInteger(toNumber(v), lang)}</span>;
            case "currency":
              return <span className="cf-num">{moneyText(toNumber(v), lang, s.currency)}</span>;
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

/**
 * The totals row of a result page: the server's sums over every row the filters select (not this
 * page), under their columns, formatted like them; the first column says what the row is.
 * Undefined when the page has no totals or no column shows one.
 */
function useTotalsRow<T>(
  specs: ColumnSpec<T>[],
  data: Page<T> | TotalledPage<T> | undefined,
): ReactNode[] | undefined {
  const { t, i18n } = useTranslation();
  const totals = data && "totals" in data ? data.totals : undefined;
  if (!totals || !data?.count || !specs.some((s) => s.id in totals)) return undefined;
  const lang = i18n.language;
  return specs.map((s, i) => {
    const v = totals[s.id];
    if (v === undefined)
      return i === 0 ? t("common:table.totalRow", { count: formatInteger(data.count, lang) }) : null;
    return (
      <span key={s.id} className="cf-num" data-total={s.id}>
        {s.kind === "currency" ? moneyText(v, lang, s.currency) : formatNumber(v, lang)}
      </span>
    );
  });
}

interface ApiTableProps<T> {
  queryKey: QueryKey;
  fetcher: (params: PageParams) => Promise<Page<T> | TotalledPage<T>>;
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
  /** Force the dense look on or off; by default on when there are more than 8 columns. */
  dense?: boolean;
  /** The 'Export' menu (CSV, Excel) of the whole table as filtered and sorted; on by default. */
  exportable?: boolean;
  /** The exported file's title (default: the call's last path segment). */
  exportTitle?: string;
  /** Refetch every so many milliseconds (a list of running jobs). */
  refetchInterval?: number | false;
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
  dense,
  exportable = true,
  exportTitle,
  refetchInterval,
}: ApiTableProps<T>) {
  const { page, setPage, sorting, setSorting, search, setSearch, query, call } = usePagedQuery(
    queryKey,
    fetcher,
    { defaultSort, pageSize, enabled, refetchInterval },
  );
  const exportMenu =
    // The server exports no call of the account side (auth, users, admin) nor its own.
    exportable && call && !/^(export|auth|users|admin)\//.test(call.path) ? (
      <TableExportMenu
        call={call}
        count={query.data?.count ?? 0}
        columns={columns.map((c) => ({ id: c.id, header: c.header }))}
        {...(exportTitle ? { title: exportTitle } : {})}
      />
    ) : null;
  const cols = useColumns(columns);
  const footer = useTotalsRow(columns, query.data);

  return (
    <>
      {(searchable || toolbar || exportMenu) && (
        <TableToolbar
          searchable={searchable}
          searchPlaceholder={searchPlaceholder}
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
          toolbar={toolbar}
          exportMenu={exportMenu}
        />
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
        error={query.isError ? (tableErrorText(query.error) ?? true) : false}
        onRetry={() => void query.refetch()}
        emptyTitle={emptyTitle}
        emptyDescription={emptyDescription}
        getRowId={getRowId}
        testId={testId}
        footer={footer}
        dense={dense ?? columns.length > DENSE_COLUMNS}
      />
    </>
  );
}

/**
 * The page, sort and (debounced) search of the table turned into the list call's parameters, the
 * query of that page, and the call the fetcher made (for the Export menu).
 */
function usePagedQuery<T>(
  queryKey: QueryKey,
  fetcher: (params: PageParams) => Promise<Page<T> | TotalledPage<T>>,
  options: {
    defaultSort: SortingState;
    pageSize: number;
    enabled: boolean;
    refetchInterval?: number | false;
  },
) {
  const { pageSize, refetchInterval } = options;
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>(options.defaultSort);
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const params: PageParams = {
    limit: pageSize,
    offset: offsetFor(page, pageSize),
    ordering: orderingFor(sorting[0]),
    search: debounced || undefined,
  };
  const [call, setCall] = useState<RecordedCall | null>(null);
  const query = useQuery({
    queryKey: [...queryKey, params],
    // The list call the fetcher makes is remembered for the Export menu.
    queryFn: () =>
      recordingCall(
        (c) => setCall((old) => (old && JSON.stringify(old) === JSON.stringify(c) ? old : c)),
        () => fetcher(params),
      ),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
    ...(refetchInterval ? { refetchInterval } : {}),
  });
  return { page, setPage, sorting, setSorting, search, setSearch, query, call };
}

/** Above the table: the search box (or a spacer), then the caller's toolbar and the Export menu. */
function TableToolbar({
  searchable,
  searchPlaceholder,
  search,
  onSearch,
  toolbar,
  exportMenu,
}: {
  searchable: boolean | undefined;
  searchPlaceholder: string | undefined;
  search: string;
  onSearch: (value: string) => void;
  toolbar: ReactNode;
  exportMenu: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
      {searchable ? (
        <TextInput
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={searchPlaceholder ?? t("common:table.search")}
          aria-label={searchPlaceholder ?? t("common:table.search")}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 280 }}
        />
      ) : (
        <span />
      )}
      {(toolbar || exportMenu) && (
        <Group gap="xs">
          {toolbar}
          {exportMenu}
        </Group>
      )}
    </Group>
  );
}
