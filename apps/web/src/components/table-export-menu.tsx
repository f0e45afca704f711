// The 'Export' menu of every API table (CSV, Excel): the table's own list call with the filters,
// search and ordering shown, exported whole — not only the visible page. Small tables come at once
// (GET export/table/); larger ones go through the file pipeline (POST export/files/, data_type
// TABLE) and land in the downloads list of Data export, with a notification when ready.
import type { TableExportFormat } from "@costflow/contract/export-files";
import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconDownload } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EXPORT_FILES_KEY, requestExportFile } from "../lib/api/request-export-file";
import type { QueryValue } from "../lib/api-client";
import { useAppContext } from "../lib/app-context";
import { downloadBinary } from "../lib/download";
import { notifyError, notifySuccess } from "../lib/notify";
import type { RecordedCall } from "../lib/paged";
import { tableErrorText } from "../lib/table-error";

/** Rows a table may have to be exported at once (the server's DIRECT_TABLE_MAX_ROWS). */
const DIRECT_EXPORT_MAX_ROWS = 5000;

interface TableExportColumn {
  id: string;
  header: string;
}

function paramsOf(call: RecordedCall): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(call.params as Record<string, QueryValue>)) {
    if (key === "limit" || key === "offset" || value === null || value === undefined || value === "")
      continue;
    out[key] = String(value);
  }
  return out;
}

export function TableExportMenu({
  call,
  count,
  columns,
  title,
}: {
  call: RecordedCall;
  count: number;
  columns: TableExportColumn[];
  title?: string;
}) {
  const { t } = useTranslation();
  const ctx = useAppContext();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const source = {
    call: call.path,
    params: paramsOf(call),
    columns: columns.map((c) => ({ id: c.id, header: c.header })),
    title: title ?? call.path.replace(/\/+$/, "").split("/").pop() ?? "table",
  };

  async function run(format: TableExportFormat) {
    setBusy(true);
    try {
      if (count <= DIRECT_EXPORT_MAX_ROWS || !ctx.scenario) {
        await downloadBinary(
          "export/table/",
          {
            call: source.call,
            format,
            title: source.title,
            params: JSON.stringify(source.params),
            columns: JSON.stringify(source.columns),
          },
          `${source.title}.${format === "XLSX" ? "xlsx" : "csv"}`,
        );
      } else {
        await requestExportFile({ scenario: ctx.scenario.id, data_type: "TABLE", format, table: source });
        await queryClient.invalidateQueries({ queryKey: EXPORT_FILES_KEY });
        notifySuccess(t("common:table.exportQueued"));
      }
    } catch (error) {
      notifyError(
        tableErrorText(error) ?? t("common:messages.pleaseTryAgain"),
        t("common:table.exportFailed"),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={busy}
          disabled={count === 0}
          data-testid="table-export"
        >
          {t("common:table.export")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run("CSV")} data-testid="table-export-csv">
          {t("common:table.exportCsv")}
        </Menu.Item>
        <Menu.Item onClick={() => void run("XLSX")} data-testid="table-export-xlsx">
          {t("common:table.exportExcel")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
