import { Card, Select, Tabs } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { useAllReportLines } from "../api/get-report-lines";
import { useReportOptions } from "../api/get-report-options";
import { ReportState } from "../components/report-state";

function Profitability({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "driver" ? "driver" : "line";
  const [line, setLine] = useState<string | null>(null);
  const [driver, setDriver] = useState<string | null>(null);
  const lines = useAllReportLines(model);
  const drivers = useReportOptions("calculatedDrivers", model);
  const lineOptions = (lines.data?.results ?? []).map((l) => ({
    value: String(l.id),
    label: `${l.code} · ${l.description}`,
  }));

  return (
    <>
      <PageHeader title={t("report:profitability.title")} description={t("report:profitability.subtitle")} />
      <Card>
        <Tabs
          value={tab}
          onChange={(v) => setParams(v === "driver" ? { tab: "driver" } : {})}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="line">{t("report:profitability.byLine")}</Tabs.Tab>
            <Tabs.Tab value="driver">{t("report:profitability.byDriver")}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="line">
            <Select
              label={t("report:profitability.line")}
              data={lineOptions}
              value={line}
              onChange={setLine}
              placeholder={
                lineOptions.length ? t("report:profitability.pickLine") : t("report:profitability.noLines")
              }
              disabled={lineOptions.length === 0}
              maw={420}
              mb="md"
            />
            <ReportState scenario={scenario} ready={line !== null} />
          </Tabs.Panel>
          <Tabs.Panel value="driver">
            <Select
              label={t("report:profitability.driver")}
              data={drivers.data ?? []}
              value={driver}
              onChange={setDriver}
              placeholder={
                (drivers.data ?? []).length
                  ? t("report:profitability.pickDriver")
                  : t("common:messages.createDriverFirst")
              }
              disabled={(drivers.data ?? []).length === 0}
              maw={420}
              mb="md"
            />
            <ReportState scenario={scenario} ready={driver !== null} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}

export default function ProfitabilityReportsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Profitability model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
