// A server-paged table (TanStack Table 8 in manual mode): the page, its size (10 by default) and
// the sort order belong to the caller, which turns them into limit/offset/ordering. Numeric columns
// (column meta `numeric`, or a cell rendered as `.cf-num`) are end-aligned, header included: right
// in a left-to-right language, left in Arabic. `dense` tightens padding and type so wide tables
// (many result columns) fit the page.
import {
  Alert,
  Box,
  Button,
  Group,
  Pagination,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  useDirection,
} from "@mantine/core";
import {
  IconAlertCircle,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconChevronLeft,
  IconChevronRight,
} from "@tabler/icons-react";
import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type SortingState,
  type Table as TanstackTable,
  useReactTable,
} from "@tanstack/react-table";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../lib/format";
import { EmptyState } from "./empty-state";

// Page arrows point the way the pages go: in a right-to-left language "previous" is on the right and
// points right. The icons are drawn for the direction themselves (no class-based mirroring to undo).
const PointRight = ({ style }: { style?: CSSProperties }) => <IconChevronRight style={style} aria-hidden />;
const PointLeft = ({ style }: { style?: CSSProperties }) => <IconChevronLeft style={style} aria-hidden />;

/**
 * The row actions column (edit, delete …) stays pinned to the table's end while a wide table
 * scrolls sideways, so it is never cut off at 1366-1440 px (walkthrough, issue 12).
 */
const ACTIONS = "actions";

/** Column meta DataTable reads: `{ numeric: true }` end-aligns the column and its header. */
export interface DataTableColumnMeta {
  numeric?: boolean;
}

function isNumeric(meta: unknown): boolean {
  return !!(meta as DataTableColumnMeta | undefined)?.numeric;
}

interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  loading?: boolean;
  /** true: the generic error text; a string: that text (the server's translated message). */
  error?: boolean | string | null;
  onRetry?: () => void;
  emptyTitle: ReactNode;
  emptyDescription?: ReactNode;
  getRowId?: (row: T) => string;
  testId?: string;
  /** Smaller padding and type, for wide tables. */
  dense?: boolean;
  /** A totals row under the rows, one cell per column (numeric columns end-aligned). */
  footer?: ReactNode[];
}

export function DataTable<T>({
  columns,
  data,
  total,
  page,
  pageSize,
  onPageChange,
  sorting = [],
  onSortingChange,
  loading,
  error,
  onRetry,
  emptyTitle,
  emptyDescription,
  getRowId,
  testId,
  dense = false,
  footer,
}: DataTableProps<T>) {
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableMultiSort: false,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      onSortingChange?.(next);
    },
    getRowId,
  });

  return (
    <Box data-testid={testId}>
      {error && <TableErrorAlert error={error} onRetry={onRetry} />}
      <Box className="cf-table-wrap">
        <Table
          striped={false}
          miw={640}
          className={dense ? "cf-table cf-table-dense" : "cf-table"}
          data-dense={dense || undefined}
          {...(dense ? { verticalSpacing: 4, horizontalSpacing: 6, fz: "xs" } : {})}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((hg) => (
              <Table.Tr key={hg.id}>
                {hg.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} sortable={!!onSortingChange} dense={dense} />
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            <BodyRows
              table={table}
              loading={!!loading}
              emptyTitle={emptyTitle}
              emptyDescription={emptyDescription}
            />
          </Table.Tbody>
          {footer && data.length > 0 && (
            <TotalsFooter columns={table.getVisibleLeafColumns()} footer={footer} />
          )}
        </Table>
      </Box>
      <TablePager total={total} page={page} pageSize={pageSize} onPageChange={onPageChange} />
    </Box>
  );
}

/** The error above the table: the server's message or the generic one, and a retry button. */
function TableErrorAlert({ error, onRetry }: { error: true | string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t("common:messages.error")}
      mb="sm"
    >
      <Group justify="space-between" gap="sm">
        <Text fz="sm" data-testid="table-error-text">
          {typeof error === "string" && error.trim() !== "" ? error : t("common:messages.pleaseTryAgain")}
        </Text>
        {onRetry && (
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            {t("common:actions.retry")}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** A column header: a sort button with the direction's arrow where the column sorts, else its label. */
function HeaderCell<T>({
  header,
  sortable,
  dense,
}: {
  header: Header<T, unknown>;
  sortable: boolean;
  dense: boolean;
}) {
  const canSort = header.column.getCanSort() && sortable;
  const dir = header.column.getIsSorted();
  const label = flexRender(header.column.columnDef.header, header.getContext());
  const numeric = isNumeric(header.column.columnDef.meta);
  return (
    <Table.Th
      className={header.column.id === ACTIONS ? "cf-actions" : undefined}
      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
      // Dense tables let long headers wrap so the columns can be as narrow as their values.
      style={{
        whiteSpace: dense ? "normal" : "nowrap",
        textAlign: numeric ? "end" : undefined,
      }}
    >
      {canSort ? (
        <UnstyledButton
          onClick={header.column.getToggleSortingHandler()}
          fz={dense ? "xs" : "sm"}
          fw={600}
          ta={numeric ? "end" : undefined}
        >
          <Group gap={4} wrap="nowrap" justify={numeric ? "flex-end" : undefined}>
            {label}
            <SortArrow dir={dir} size={14} />
          </Group>
        </UnstyledButton>
      ) : (
        label
      )}
    </Table.Th>
  );
}

/** The sort direction's arrow: up, down, or a faint double arrow while the column is not sorted. */
export function SortArrow({ dir, size }: { dir: "asc" | "desc" | false | null; size: number }) {
  if (dir === "asc") return <IconArrowUp size={size} aria-hidden />;
  if (dir === "desc") return <IconArrowDown size={size} aria-hidden />;
  return <IconArrowsSort size={size} opacity={0.4} aria-hidden />;
}

/** The page's rows; before the first page, placeholder rows; for an empty page, the empty state. */
function BodyRows<T>({
  table,
  loading,
  emptyTitle,
  emptyDescription,
}: {
  table: TanstackTable<T>;
  loading: boolean;
  emptyTitle: ReactNode;
  emptyDescription: ReactNode;
}) {
  const columnCount = table.options.columns.length;
  const empty = table.options.data.length === 0;
  return (
    <>
      {loading && empty && <SkeletonRows columnCount={columnCount} />}
      {!loading && empty && (
        <Table.Tr>
          <Table.Td colSpan={columnCount}>
            <EmptyState title={emptyTitle} description={emptyDescription} />
          </Table.Td>
        </Table.Tr>
      )}
      {table.getRowModel().rows.map((row) => (
        <Table.Tr key={row.id}>
          {row.getVisibleCells().map((cell) => (
            <Table.Td
              key={cell.id}
              className={cell.column.id === ACTIONS ? "cf-actions" : undefined}
              style={isNumeric(cell.column.columnDef.meta) ? { textAlign: "end" } : undefined}
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** Three placeholder rows while the first page loads. */
function SkeletonRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: 3 }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity.
    <Table.Tr key={i}>
      {Array.from({ length: columnCount }, (_c, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cells have no identity.
        <Table.Td key={j}>
          <Skeleton h={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The totals row, one cell per visible column, numeric ones end-aligned. */
function TotalsFooter<T>({ columns, footer }: { columns: Column<T, unknown>[]; footer: ReactNode[] }) {
  return (
    <Table.Tfoot data-testid="table-totals">
      <Table.Tr className="cf-table-totals">
        {columns.map((column, i) => (
          <Table.Td
            key={column.id}
            fw={700}
            style={isNumeric(column.columnDef.meta) ? { textAlign: "end" } : undefined}
          >
            {footer[i]}
          </Table.Td>
        ))}
      </Table.Tr>
    </Table.Tfoot>
  );
}

/** "Showing a-b of n" and the page arrows (hidden when there is nothing to show). */
function TablePager({
  total,
  page,
  pageSize,
  onPageChange,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = useDirection().dir === "rtl";
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm" hidden={total === 0}>
      <Text fz="sm" c="dimmed">
        {t("common:table.showing", {
          from: formatInteger(from, i18n.language),
          to: formatInteger(to, i18n.language),
          total: formatInteger(total, i18n.language),
        })}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPageChange}
          size="sm"
          previousIcon={rtl ? PointRight : PointLeft}
          nextIcon={rtl ? PointLeft : PointRight}
          getControlProps={(control) =>
            control === "previous"
              ? { "aria-label": t("common:table.previousPage") }
              : { "aria-label": t("common:table.nextPage") }
          }
        />
      )}
    </Group>
  );
}
