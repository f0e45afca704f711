import { ActionIcon, Badge, Drawer, Group, Stack, Table, Text, Title, useDirection } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { type ReactNode, useCallback, useState } from "react";
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
  const rows: ReactNode[] = [];
  const row = (
    key: string,
    depth: number,
    kind: string,
    label: ReactNode,
    amount: number,
    expandable: boolean,
  ) =>
    rows.push(
      <Table.Tr key={key} data-testid={`trace-${kind}`}>
        <Table.Td style={{ paddingInlineStart: 8 + depth * 20 }}>
          <Group gap={6} wrap="nowrap">
            {expandable ? (
              <ActionIcon
                variant="subtle"
                size="sm"
                onClick={() => toggle(key)}
                aria-expanded={open.has(key)}
                aria-label={t(open.has(key) ? "report:drill.collapse" : "report:drill.expand")}
                data-testid={`trace-toggle-${kind}`}
              >
                {open.has(key) ? (
                  <IconChevronDown size={14} aria-hidden />
                ) : (
                  <IconChevronRight size={14} className="cf-flip-rtl" aria-hidden />
                )}
              </ActionIcon>
            ) : (
              <span style={{ width: 22, display: "inline-block" }} />
            )}
            <Badge
              size="xs"
              variant="light"
              color={{ activity: "teal", pool: "grape", account: "blue" }[kind]}
            >
              {t(`report:drill.${kind}`)}
            </Badge>
            <Text fz="sm">{label}</Text>
          </Group>
        </Table.Td>
        <Table.Td style={{ textAlign: "end" }}>
          <span className="cf-num">{money(amount)}</span>
        </Table.Td>
      </Table.Tr>,
    );
  for (const a of trace.activities) {
    const ak = `a${a.activity ?? a.code}`;
    row(ak, 0, "activity", `${a.code} · ${a.name}`, a.amount, a.pools.length > 0);
    if (!open.has(ak)) continue;
    for (const p of a.pools) {
      const pk = `${ak}p${p.pool ?? "none"}`;
      row(
        pk,
        1,
        "pool",
        p.code ? `${p.code} · ${p.name}` : t("report:drill.noPool"),
        p.amount,
        p.accounts.length > 0,
      );
      if (!open.has(pk)) continue;
      for (const acc of p.accounts)
        row(`${pk}c${acc.account ?? acc.code}`, 2, "account", `${acc.code} · ${acc.name}`, acc.amount, false);
    }
  }
  return (
    <Table fz="sm" verticalSpacing={4} data-testid="record-trace">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("report:drill.source")}</Table.Th>
          <Table.Th style={{ textAlign: "end" }}>{t("report:drill.amount")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows}
        <Table.Tr>
          <Table.Th>{t("report:drill.recordCost")}</Table.Th>
          <Table.Th style={{ textAlign: "end" }}>
            <span className="cf-num" data-testid="trace-cost">
              {money(trace.cost)}
            </span>
          </Table.Th>
        </Table.Tr>
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
          <Table.Tr
            key={`push${p.from.id ?? p.from.identifier}${p.activity_code}`}
            data-testid="trace-pushed"
          >
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
      </Table.Tbody>
    </Table>
  );
}
