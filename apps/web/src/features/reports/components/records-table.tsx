import { Box, Group, Table, Text, UnstyledButton } from "@mantine/core";
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SortArrow } from "../../../components/data-table";

export interface RecordsColumn<T> {
  id: string;
  header: string;
  /** The sortable value; a column without it does not sort. */
  value?: (row: T) => number | string | null;
  render: (row: T) => ReactNode;
  /** The totals row's cell. */
  total?: ReactNode;
  numeric?: boolean;
}

/**
 * A dense table of report records: every column sorts (in the browser: the rows are the top or
 * bottom N the server chose), a totals row closes it, numbers are end-aligned and a row opens the
 * record's drill-down. Wide P&L structures scroll inside the card instead of being cut off.
 */
export function RecordsTable<T>({
  rows,
  columns,
  rowKey,
  onOpen,
  totalsLabel,
  testId,
}: {
  rows: T[];
  columns: RecordsColumn<T>[];
  rowKey: (row: T) => string;
  onOpen?: (row: T) => void;
  totalsLabel: string;
  testId: string;
}) {
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  const toggle = (id: string) =>
    setSort((s) => (s?.id !== id ? { id, desc: true } : s.desc ? { id, desc: false } : null));

  return (
    <Box className="cf-table-wrap" data-testid={testId}>
      <Table
        className="cf-table cf-table-dense"
        verticalSpacing={4}
        horizontalSpacing={6}
        fz="xs"
        highlightOnHover={!!onOpen}
        stickyHeader
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <HeaderCell
                key={c.id}
                column={c}
                dir={sort?.id === c.id ? (sort.desc ? "desc" : "asc") : null}
                onToggle={() => toggle(c.id)}
              />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((row) => (
            <Table.Tr
              key={rowKey(row)}
              onClick={onOpen ? () => onOpen(row) : undefined}
              style={onOpen ? { cursor: "pointer" } : undefined}
              data-testid="report-row"
            >
              {columns.map((c) => (
                <Table.Td
                  key={c.id}
                  style={{ textAlign: c.numeric ? "end" : undefined, whiteSpace: "nowrap" }}
                >
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="report-totals">
            {columns.map((c, i) => (
              <Table.Th key={c.id} style={{ textAlign: c.numeric ? "end" : undefined, whiteSpace: "nowrap" }}>
                {i === 0 ? (
                  <Text fz="xs" fw={700}>
                    {totalsLabel}
                  </Text>
                ) : (
                  c.total
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Box>
  );
}

interface Sort {
  id: string;
  desc: boolean;
}

/** The rows in the column's order (empty values last), or as they came when nothing sorts. */
function sortRows<T>(rows: T[], columns: RecordsColumn<T>[], sort: Sort | null): T[] {
  const col = sort && columns.find((c) => c.id === sort.id);
  if (!sort || !col?.value) return rows;
  const get = col.value;
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    if (x === null) return 1;
    if (y === null) return -1;
    return (
      (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) * dir
    );
  });
}

/** A column header: a sort button with its arrow where the column has a value to sort by. */
function HeaderCell<T>({
  column: c,
  dir,
  onToggle,
}: {
  column: RecordsColumn<T>;
  dir: "asc" | "desc" | null;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Th
      style={{ textAlign: c.numeric ? "end" : undefined, whiteSpace: "nowrap" }}
      aria-sort={dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined}
    >
      {c.value ? (
        <UnstyledButton
          onClick={onToggle}
          fz="xs"
          fw={600}
          aria-label={t("report:table.sortBy", { column: c.header })}
        >
          <Group gap={2} wrap="nowrap" justify={c.numeric ? "flex-end" : undefined}>
            {c.header}
            <SortArrow dir={dir} size={12} />
          </Group>
        </UnstyledButton>
      ) : (
        c.header
      )}
    </Table.Th>
  );
}
