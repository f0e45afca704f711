import { Badge, Card, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from "@mantine/core";
import {
  IconChartArea,
  IconChartBar,
  IconChartDots3,
  IconChartLine,
  IconChartSankey,
  IconChartTreemap,
  IconChecklist,
  IconFileTypePdf,
  IconLayoutGrid,
  IconReportMoney,
  IconTable,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";

const REPORTS = [
  {
    icon: IconChartTreemap,
    title: "report:catalogue.treemap.title",
    text: "report:catalogue.treemap.text",
    to: "/report-visualization?type=treemap",
  },
  {
    icon: IconLayoutGrid,
    title: "report:catalogue.multiTreemap.title",
    text: "report:catalogue.multiTreemap.text",
    to: "/report-visualization?type=multi-treemap",
  },
  {
    icon: IconChartLine,
    title: "report:catalogue.whale.title",
    text: "report:catalogue.whale.text",
    to: "/report-visualization?type=whale",
  },
  {
    icon: IconChartBar,
    title: "report:catalogue.waterfall.title",
    text: "report:catalogue.waterfall.text",
    to: "/report-visualization?type=waterfall",
  },
  {
    icon: IconReportMoney,
    title: "report:catalogue.byLine.title",
    text: "report:catalogue.byLine.text",
    to: "/profitability-reports?tab=line",
  },
  {
    icon: IconChartArea,
    title: "report:catalogue.byDriver.title",
    text: "report:catalogue.byDriver.text",
    to: "/profitability-reports?tab=driver",
  },
  {
    icon: IconChartDots3,
    title: "report:catalogue.multiple.title",
    text: "report:catalogue.multiple.text",
    to: "/multiple-dimension",
  },
  {
    icon: IconChecklist,
    title: "report:catalogue.validation.title",
    text: "report:catalogue.validation.text",
    to: "/report/validation",
  },
  {
    icon: IconTable,
    title: "allocation:results.title",
    text: "allocation:results.catalogue",
    to: "/report/results",
  },
  {
    icon: IconChartSankey,
    title: "allocation:sankey.title",
    text: "allocation:sankey.catalogue",
    to: "/report-visualization?type=sankey",
  },
  {
    icon: IconFileTypePdf,
    title: "report:catalogue.pdf.title",
    text: "report:catalogue.pdf.text",
    to: "/pdf-report",
  },
];

export default function ReportCataloguePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("report:catalogue.title")} description={t("report:catalogue.subtitle")} />
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
        {REPORTS.map((r) => (
          <UnstyledButton key={r.title} component={Link} to={r.to} className="cf-workflow-step">
            <Card h="100%">
              <Group justify="space-between" mb="sm">
                <ThemeIcon size={42} variant="light" radius="md">
                  <r.icon size={22} aria-hidden />
                </ThemeIcon>
                <Badge variant="outline" size="sm">
                  {t("common:actions.open")}
                </Badge>
              </Group>
              <Text fw={650} mb={4}>
                {t(r.title)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(r.text)}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
