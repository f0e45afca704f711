import { ActionIcon, Badge, Drawer, Group, Stack, Table, Text, Title, useDirection } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { moneyText } from "../../../lib/format";
import { useRecordTrace } from "../api/get-record-trace";
import { useReportWaterfall } from "../api/get-report-waterfall";
import type { RecordTrace } from "../api/report-types";
import { ReportQueryState } from "./report-query-state";

/** The record a click on a table row, tree map tile, bar or whale point opens. */
export interface OpenRecord {
  id: number;
  name: string;
  dimension: number;
}

/** The drawer and the function that opens it, for a report page. */
export function useRecordDrilldown(scenario: number, currency: string | null) {
  const [record, setRecord] = useState<OpenRecord | null>(null);
  const open = useCallback((r: OpenRecord) => setRecord(r), []);
  const drawer = (
    <RecordDrilldown
      scenario={scenario}
      currency={currency}
      record={record}
      onClose={() => setRecord(null)}
    />
  );
  return { open, drawer };
}

/**
 * A record's P&L (its lines, from the waterfall of that record) and where its cost came from:
 * activities → cost pools → general-ledger accounts, each level adding up to the one above
 * (issue 9, item 2 "trace"), plus what reached it from parent records in step 5.
 */
function RecordDrilldown({
  scenario,
  currency,
  record,
  onClose,
}: {
  scenario: number;
  currency: string | null;
  record: OpenRecord | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rtl = useDirection().dir === "rtl";
  const pnl = useReportWaterfall(scenario, record?.dimension ?? null, record?.id ?? null);
  const trace = useRecordTrace(record?.id ?? null, scenario);
  const money = (v: number) => moneyText(v, i18n.language, currency);

  return (
    <Drawer
      opened={record !== null}
      onClose={onClose}
      position={rtl ? "left" : "right"}
      size="xl"
      title={
        <Title order={2} fz="lg">
          {t("report:drill.title", { name: record?.name ?? "" })}
        </Title>
      }
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
    >
      <Stack gap="lg" data-testid="record-drilldown">
        <section>
          <Title order={3} fz="md" mb="xs">
            {t("report:drill.pnl")}
          </Title>
          <ReportQueryState query={pnl} height={160}>
            {({ steps }) => (
              <Table fz="sm" verticalSpacing={4} data-testid="record-pnl">
                <Table.Tbody>
                  {steps.map((s) => (
                    <Table.Tr key={s.code}>
                      <Table.Td>
                        <Text span fw={600} fz="sm" me={6}>
                          {s.code}
                        </Text>
                        {s.description}
                      </Table.Td>
                      <Table.Td style={{ textAlign: "end" }}>
                        <span className="cf-num">{money(s.value)}</span>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </ReportQueryState>
        </section>
        <section>
          <Title order={3} fz="md" mb="xs">
            {t("report:drill.trace")}
          </Title>
          <ReportQueryState query={trace} height={200}>
            {(data) => <TraceTable trace={data} money={money} />}
          </ReportQueryState>
        </section>
      </Stack>
    </Drawer>
  );
}

function TraceTable({ trace, money }: { trace: RecordTrace; money: (v: number) => string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="record-trace">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("report:drill.source")}</Table.Th>
          <Table.Th style={{ textAlign: "end" }}>{t("report:drill.amount")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {traceRows(trace, open, t).map((row) => (
          <TraceRow key={row.key} row={row} open={open.has(row.key)} onToggle={toggle} money={money} />
        ))}
        <Table.Tr>
          <Table.Th>{t("report:drill.recordCost")}</Table.Th>
          <Table.Th style={{ textAlign: "end" }}>
            <span className="cf-num" data-testid="trace-cost">
              {money(trace.cost)}
            </span>
          </Table.Th>
        </Table.Tr>
        <OfWhichRows trace={trace} money={money} />
      </Table.Tbody>
    </Table>
  );
}

interface TraceLine {
  key: string;
  depth: number;
  kind: "activity" | "pool" | "account";
  label: string;
  amount: number;
  expandable: boolean;
}

/** The record's cost by activity, each opened activity by pool, each opened pool by account. */
function traceRows(trace: RecordTrace, open: ReadonlySet<string>, t: TFunction): TraceLine[] {
  const rows: TraceLine[] = [];
  for (const a of trace.activities) {
    const ak = `a${a.activity ?? a.code}`;
    rows.push({
      key: ak,
      depth: 0,
      kind: "activity",
      label: `${a.code} · ${a.name}`,
      amount: a.amount,
      expandable: a.pools.length > 0,
    });
    if (!open.has(ak)) continue;
    for (const p of a.pools) {
      const pk = `${ak}p${p.pool ?? "none"}`;
      rows.push({
        key: pk,
        depth: 1,
        kind: "pool",
        label: p.code ? `${p.code} · ${p.name}` : t("report:drill.noPool"),
        amount: p.amount,
        expandable: p.accounts.length > 0,
      });
      if (!open.has(pk)) continue;
      for (const acc of p.accounts)
        rows.push({
          key: `${pk}c${acc.account ?? acc.code}`,
          depth: 2,
          kind: "account",
          label: `${acc.code} · ${acc.name}`,
          amount: acc.amount,
          expandable: false,
        });
      if (p.other_accounts)
        rows.push({
          key: `${pk}c-others`,
          depth: 2,
          kind: "account",
          label: t("report:drill.otherAccounts", { count: p.other_accounts.count }),
          amount: p.other_accounts.amount,
          expandable: false,
        });
    }
  }
  return rows;
}

/** One line of the trace, indented by its depth, with its open/close toggle where it has children. */
function TraceRow({
  row,
  open,
  onToggle,
  money,
}: {
  row: TraceLine;
  open: boolean;
  onToggle: (key: string) => void;
  money: (v: number) => string;
}) {
  const { t } = useTranslation();
  const { key, depth, kind } = row;
  return (
    <Table.Tr data-testid={`trace-${kind}`}>
      <Table.Td style={{ paddingInlineStart: 8 + depth * 20 }}>
        <Group gap={6} wrap="nowrap">
          {row.expandable ? (
            <ActionIcon
              variant="subtle"
              size="sm"
              onClick={() => onToggle(key)}
              aria-expanded={open}
              aria-label={t(open ? "report:drill.collapse" : "report:drill.expand")}
              data-testid={`trace-toggle-${kind}`}
            >
              {open ? (
                <IconChevronDown size={14} aria-hidden />
              ) : (
                <IconChevronRight size={14} className="cf-flip-rtl" aria-hidden />
              )}
            </ActionIcon>
          ) : (
            <span style={{ width: 22, display: "inline-block" }} />
          )}
          <Badge size="xs" variant="light" color={{ activity: "teal", pool: "grape", account: "blue" }[kind]}>
            {t(`report:drill.${kind}`)}
          </Badge>
          <Text fz="sm">{row.label}</Text>
        </Group>
      </Table.Td>
      <Table.Td style={{ textAlign: "end" }}>
        <span className="cf-num">{money(row.amount)}</span>
      </Table.Td>
    </Table.Tr>
  );
}

/** "Of which": the amounts pushed from other records and rolled up from child records. */
function OfWhichRows({ trace, money }: { trace: RecordTrace; money: (v: number) => string }) {
  const { t } = useTranslation();
  return (
    <>
      {trace.pushed.length + trace.rolled_up.length > 0 && (
        <Table.Tr>
          <Table.Td colSpan={2}>
            <Text fz="xs" c="dimmed">
              {t("report:drill.ofWhich")}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {trace.pushed.map((p) => (
        <Table.Tr key={`push${p.from.id ?? p.from.identifier}${p.activity_code}`} data-testid="trace-pushed">
          <Table.Td>
            <Badge size="xs" variant="light" color="orange" me={6}>
              {t("report:drill.pushed")}
            </Badge>
            {t("report:drill.pushedFrom", {
              record: p.from.name || p.from.identifier,
              dimension: p.from.dimension_name,
              activity: p.activity_name || p.activity_code,
            })}
          </Table.Td>
          <Table.Td style={{ textAlign: "end" }}>
            <span className="cf-num">{money(p.amount)}</span>
          </Table.Td>
        </Table.Tr>
      ))}
      {trace.rolled_up.map((r) => (
        <Table.Tr key={`roll${r.dimension ?? r.dimension_name}`} data-testid="trace-rolled-up">
          <Table.Td>
            <Badge size="xs" variant="light" color="gray" me={6}>
              {t("report:drill.rolledUp")}
            </Badge>
            {t("report:drill.rolledUpFrom", { count: r.records, dimension: r.dimension_name })}
          </Table.Td>
          <Table.Td style={{ textAlign: "end" }}>
            <span className="cf-num">{money(r.amount)}</span>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
