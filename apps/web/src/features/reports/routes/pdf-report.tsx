import {
  Alert,
  Card,
  Checkbox,
  Grid,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DEFAULT_PDF_ORIENTATION, DEFAULT_REPORT_TOP } from "../../../lib/constants";
import { useReportCalculationState } from "../api/get-report-calculation";

const TYPES = [
  { value: "summary", label: "report:pdf.types.summary" },
  { value: "profitability", label: "report:pdf.types.profitability" },
  { value: "whale", label: "report:catalogue.whale.title" },
  { value: "waterfall", label: "report:catalogue.waterfall.title" },
];
const SECTIONS = [
  { value: "kpis", label: "report:pdf.sections.kpis" },
  { value: "pnl", label: "report:pdf.sections.pnl" },
  { value: "top", label: "report:pdf.sections.top" },
  { value: "chart", label: "report:pdf.sections.chart" },
  { value: "unallocated", label: "report:pdf.sections.unallocated" },
];

function Builder({ scenario, scenarioName }: { scenario: number; scenarioName: string }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [type, setType] = useState("summary");
  const [orientation, setOrientation] = useState<string>(DEFAULT_PDF_ORIENTATION);
  const [side, setSide] = useState<string>(DEFAULT_REPORT_TOP.side);
  const [limit, setLimit] = useState<number>(DEFAULT_REPORT_TOP.limit);
  const [sections, setSections] = useState<string[]>(["kpis", "pnl", "top"]);
  const calc = useReportCalculationState(scenario);
  const ready = calc.data === "finished";

  return (
    <>
      <PageHeader title={t("report:pdf.title")} description={t("report:pdf.subtitle")} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card>
            <Stack gap="sm">
              <TextInput
                label={t("report:pdf.reportTitle")}
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                required
              />
              <Textarea
                label={t("report:pdf.description")}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                autosize
                minRows={2}
              />
              <Select
                label={t("report:pdf.type")}
                data={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
                value={type}
                onChange={(v) => setType(v ?? "summary")}
                allowDeselect={false}
              />
              <Text fz="sm" fw={500}>
                {t("report:pdf.orientation")}
              </Text>
              <SegmentedControl
                value={orientation}
                onChange={setOrientation}
                data={[
                  { value: "portrait", label: t("report:pdf.portrait") },
                  { value: "landscape", label: t("report:pdf.landscape") },
                ]}
              />
              <Text fz="sm" fw={500}>
                {t("report:visualization.topBottom")}
              </Text>
              <SegmentedControl
                value={side}
                onChange={setSide}
                data={[
                  { value: "top", label: t("report:visualization.top") },
                  { value: "bottom", label: t("report:visualization.bottom") },
                ]}
              />
              <NumberInput
                label={t("report:visualization.limit")}
                value={limit}
                onChange={(v) => setLimit(Number(v) || DEFAULT_REPORT_TOP.limit)}
                min={1}
                max={500}
              />
              <Checkbox.Group label={t("report:pdf.sectionsLabel")} value={sections} onChange={setSections}>
                <Stack gap={6} mt={6}>
                  {SECTIONS.map((s) => (
                    <Checkbox key={s.value} value={s.value} label={t(s.label)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card>
            <Title order={2} fz="md" mb="md">
              {t("report:pdf.preview")}
            </Title>
            <Paper
              withBorder
              p="lg"
              mx="auto"
              w={orientation === "portrait" ? 300 : 420}
              h={orientation === "portrait" ? 420 : 300}
              style={{ overflow: "hidden" }}
              data-testid="pdf-preview"
            >
              <Text fw={700} fz="lg" lineClamp={2}>
                {title || t("report:pdf.untitled")}
              </Text>
              <Text fz="xs" c="dimmed" mb="sm">
                {t("report:pdf.previewScenario", { scenario: scenarioName })}
              </Text>
              <Text fz="xs" lineClamp={3} mb="sm">
                {description}
              </Text>
              <Stack gap={6}>
                {SECTIONS.filter((s) => sections.includes(s.value)).map((s, i) => (
                  <Paper key={s.value} bg="var(--mantine-color-default-hover)" p={6} shadow="none">
                    <Text fz="xs">
                      {i + 1}. {t(s.label)}
                      {s.value === "top"
                        ? ` · ${side === "top" ? t("report:visualization.top") : t("report:visualization.bottom")} ${limit}`
                        : ""}
                    </Text>
                  </Paper>
                ))}
              </Stack>
            </Paper>
            {!ready && (
              <Alert mt="md" variant="light" icon={<IconInfoCircle aria-hidden />}>
                {calc.data === "error"
                  ? t("common:messages.errorSomethingHappen")
                  : t("common:messages.noCalculation")}
              </Alert>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default function PdfReportPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.scenario && <Builder scenario={ctx.scenario.id} scenarioName={ctx.scenario.name} />}
    </RequireScenario>
  );
}
