import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import { DIMENSION_PRESETS, SOURCES, useWizard } from "../components/wizard-store";

const STEPS = ["step01", "step02", "step03", "step04"] as const;
const STEP_TITLES: Record<(typeof STEPS)[number], string> = {
  step01: "model:software.step01.title",
  step02: "model:software.step02.title",
  step03: "model:software.step03.title",
  step04: "model:software.step04.title",
};
const SOURCE_LABELS: Record<(typeof SOURCES)[number], string> = {
  sap: "model:software.sources.sap",
  dynamics: "model:software.sources.dynamics",
  sage: "model:software.sources.sage",
  odoo: "model:software.sources.odoo",
  primavera: "model:software.sources.primavera",
  phc: "model:software.sources.phc",
  quickbooks: "model:software.sources.quickbooks",
  csv: "model:software.sources.csv",
};
const DIMENSION_LABELS: Record<(typeof DIMENSION_PRESETS)[number], string> = {
  customers: "model:software.dims.customers",
  products: "model:software.dims.products",
  orders: "model:software.dims.orders",
  orderLines: "model:software.dims.orderLines",
  channels: "model:software.dims.channels",
  regions: "model:software.dims.regions",
};
const MODES = [
  { value: "MERGE", label: "model:software.modes.merge", text: "model:software.modes.mergeText" },
  { value: "APPEND", label: "model:software.modes.append", text: "model:software.modes.appendText" },
  { value: "REPLACE", label: "model:software.modes.replace", text: "model:software.modes.replaceText" },
] as const;

function StepBody({ step }: { step: (typeof STEPS)[number] }) {
  if (step === "step01") return <SourceStep />;
  if (step === "step02") return <AccountsStep />;
  if (step === "step03") return <DimensionsStep />;
  return <SummaryStep />;
}

/** Step 1: the accounting software the files come from, and the CSV separator. */
function SourceStep() {
  const { t } = useTranslation();
  const [w, set] = useWizard();
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t("model:software.step01.text")}
      </Text>
      <Radio.Group value={w.source ?? ""} onChange={(v) => set({ source: v })}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {SOURCES.map((s) => (
            <Radio.Card key={s} value={s} p="md" radius="md">
              <Group wrap="nowrap">
                <Radio.Indicator />
                <Text fz="sm" fw={500}>
                  {t(SOURCE_LABELS[s])}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Stack gap={4}>
        <Text fz="sm" fw={500}>
          {t("model:software.step01.separator")}
        </Text>
        <SegmentedControl
          w="fit-content"
          value={w.separator}
          onChange={(v) => set({ separator: v as "," | ";" })}
          data={[
            { value: ",", label: t("model:software.step01.comma") },
            { value: ";", label: t("model:software.step01.semicolon") },
          ]}
        />
      </Stack>
    </Stack>
  );
}

/** Step 2: the columns of the accounts file, and confirming it is ready. */
function AccountsStep() {
  const { t } = useTranslation();
  const [w, set] = useWizard();
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t("model:software.step02.text")}
      </Text>
      <div className="cf-table-wrap">
        <Table withTableBorder miw={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("model:software.doc.column")}</Table.Th>
              <Table.Th>{t("model:software.doc.meaning")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td ff="monospace">account_code</Table.Td>
              <Table.Td fz="sm">{t("model:software.doc.cols.accountCode")}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td ff="monospace">name</Table.Td>
              <Table.Td fz="sm">{t("model:software.doc.cols.accountName")}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td ff="monospace">expense_group</Table.Td>
              <Table.Td fz="sm">{t("model:software.doc.cols.expenseGroup")}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td ff="monospace">amount</Table.Td>
              <Table.Td fz="sm">{t("model:software.doc.cols.amount")}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </div>
      <Checkbox
        checked={w.accountsReady}
        onChange={(e) => set({ accountsReady: e.currentTarget.checked })}
        label={t("model:software.step02.confirm")}
      />
    </Stack>
  );
}

/** Step 3: the dimensions to create. */
function DimensionsStep() {
  const { t } = useTranslation();
  const [w, set] = useWizard();
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t("model:software.step03.text")}
      </Text>
      <Checkbox.Group value={w.dimensions} onChange={(v) => set({ dimensions: v })}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {DIMENSION_PRESETS.map((d) => (
            <Checkbox.Card key={d} value={d} p="md" radius="md">
              <Group wrap="nowrap">
                <Checkbox.Indicator />
                <Text fz="sm" fw={500}>
                  {t(DIMENSION_LABELS[d])}
                </Text>
              </Group>
            </Checkbox.Card>
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Text fz="xs" c="dimmed">
        {t("model:software.step03.parentHint")}
      </Text>
    </Stack>
  );
}

/** Step 4: the choices made, and the upload mode. */
function SummaryStep() {
  const { t } = useTranslation();
  const [w, set] = useWizard();
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t("model:software.step04.text")}
      </Text>
      <List fz="sm" spacing={6}>
        <List.Item>
          {t("model:software.step04.source", {
            source: w.source
              ? t(SOURCE_LABELS[w.source as (typeof SOURCES)[number]])
              : t("common:values.none"),
          })}
        </List.Item>
        <List.Item>
          {t("model:software.step04.separator", {
            separator:
              w.separator === ";" ? t("model:software.step01.semicolon") : t("model:software.step01.comma"),
          })}
        </List.Item>
        <List.Item>
          {w.accountsReady
            ? t("model:software.step04.accountsReady")
            : t("model:software.step04.accountsMissing")}
        </List.Item>
        <List.Item>
          {t("model:software.step04.dimensions", {
            dimensions: w.dimensions.length
              ? w.dimensions
                  .map((d) => t(DIMENSION_LABELS[d as (typeof DIMENSION_PRESETS)[number]]))
                  .join(", ")
              : t("common:values.none"),
          })}
        </List.Item>
      </List>
      <Title order={3} fz="sm">
        {t("model:software.modes.title")}
      </Title>
      <Radio.Group value={w.mode} onChange={(v) => set({ mode: v as "MERGE" | "APPEND" | "REPLACE" })}>
        <Stack gap="xs">
          {MODES.map((m) => (
            <Radio key={m.value} value={m.value} label={t(m.label)} description={t(m.text)} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

/** Whether a step's choice is made: a source, the accounts confirmed, at least one dimension. */
function chosen(step: (typeof STEPS)[number], w: ReturnType<typeof useWizard>[0]): boolean {
  if (step === "step01") return w.source !== null;
  if (step === "step02") return w.accountsReady;
  if (step === "step03") return w.dimensions.length > 0;
  return false;
}

export default function SoftwareStepPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAppContext();
  const { pathname } = useLocation();
  const current = STEPS.find((s) => pathname.includes(s)) ?? "step01";
  const index = STEPS.indexOf(current);
  const [w] = useWizard();
  const canNext = index === 0 ? w.source !== null : index === 2 ? w.dimensions.length > 0 : true;

  return (
    <RequireModel>
      <PageHeader
        title={t(STEP_TITLES[current])}
        description={t("model:software.subtitle", { model: ctx.model?.name ?? "" })}
        actions={
          <Button component={Link} to="/software/docStructure" variant="default">
            {t("model:software.doc.title")}
          </Button>
        }
      />
      <Card>
        <Stepper active={index} onStepClick={(i) => navigate(`/software/${STEPS[i]}`)} size="sm" mb="xl">
          {STEPS.map((s, i) => {
            // A step passed without its choice made is not ticked (the Stepper ticks every step
            // before the active one): it keeps its number, greyed, until the choice is made.
            const done = chosen(s, w);
            return (
              <Stepper.Step
                key={s}
                label={t(STEP_TITLES[s])}
                data-testid={`wizard-step-${s}`}
                data-done={i < index && done ? "true" : "false"}
                {...(i < index && !done ? { completedIcon: i + 1, color: "gray" } : {})}
              />
            );
          })}
        </Stepper>
        <StepBody step={current} />
        {index === 3 && !w.accountsReady && (
          <Alert mt="md" color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t("model:software.step04.warning")}
          </Alert>
        )}
        <Group justify="space-between" mt="xl">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} className="cf-flip-rtl" aria-hidden />}
            disabled={index === 0}
            onClick={() => navigate(`/software/${STEPS[index - 1]}`)}
          >
            {t("common:actions.back")}
          </Button>
          {index < 3 ? (
            <Button
              rightSection={<IconArrowRight size={16} className="cf-flip-rtl" aria-hidden />}
              disabled={!canNext}
              onClick={() => navigate(`/software/${STEPS[index + 1]}`)}
            >
              {t("common:actions.next")}
            </Button>
          ) : (
            <Button component={Link} to="/software/dimension/upload">
              {t("model:software.step04.start")}
            </Button>
          )}
        </Group>
      </Card>
    </RequireModel>
  );
}
