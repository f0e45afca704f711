import {
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowRight, IconChartBar, IconDatabase, IconRoute } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import type { Subject } from "../../../lib/api-types";
import { useAppContext } from "../../../lib/app-context";
import { useSession } from "../../../lib/use-session";

interface Item {
  to: string;
  title: string;
  text: string;
  subject: Subject;
  badge?: string;
}

const PHASES: { n: string; title: string; text: string; icon: typeof IconDatabase; items: Item[] }[] = [
  {
    n: "01",
    title: "app:workflow.phase1.title",
    text: "app:workflow.phase1.text",
    icon: IconDatabase,
    items: [
      {
        to: "/model/scenario/financial-accounts",
        title: "common:nav.financialAccounts",
        text: "app:workflow.items.accounts",
        subject: "Data",
      },
      {
        to: "/model/scenario/costpools",
        title: "common:nav.costPools",
        text: "app:workflow.items.costPools",
        subject: "Data",
      },
      {
        to: "/model/scenario/dimensions",
        title: "common:nav.dimensions",
        text: "app:workflow.items.dimensions",
        subject: "Data",
      },
      {
        to: "/model/scenario/dimension/calculated-drivers",
        title: "common:nav.calculatedDrivers",
        text: "app:workflow.items.calculatedDrivers",
        subject: "Data",
      },
    ],
  },
  {
    n: "02",
    title: "app:workflow.phase2.title",
    text: "app:workflow.phase2.text",
    icon: IconRoute,
    items: [
      {
        to: "/model/scenario/activities",
        title: "common:nav.activities",
        text: "app:workflow.items.activities",
        subject: "Data",
      },
      {
        to: "/model/scenario/first-allocation",
        title: "common:nav.step1",
        text: "app:workflow.items.step1",
        subject: "Allocation",
      },
      {
        to: "/model/scenario/second-allocation",
        title: "common:nav.step2",
        text: "app:workflow.items.step2",
        subject: "Allocation",
      },
      {
        to: "/model/scenario/third-allocation",
        title: "common:nav.step3",
        text: "app:workflow.items.step3",
        subject: "Allocation",
        badge: "common:values.beta",
      },
      {
        to: "/model/scenario/fourth-allocation",
        title: "common:nav.step4",
        text: "app:workflow.items.step4",
        subject: "Allocation",
      },
      {
        to: "/model/scenario/fifth-allocation",
        title: "common:nav.step5",
        text: "app:workflow.items.step5",
        subject: "Allocation",
      },
      {
        to: "/model/scenario/sixth-allocation",
        title: "common:nav.step6",
        text: "app:workflow.items.step6",
        subject: "Allocation",
      },
      {
        to: "/model/scenarios/calculations",
        title: "common:nav.calculations",
        text: "app:workflow.items.calculations",
        subject: "Calculation",
      },
    ],
  },
  {
    n: "03",
    title: "app:workflow.phase3.title",
    text: "app:workflow.phase3.text",
    icon: IconChartBar,
    items: [
      {
        to: "/report",
        title: "common:nav.reportCatalogue",
        text: "app:workflow.items.reports",
        subject: "Report",
      },
      {
        to: "/pl-report-structure",
        title: "common:nav.plStructure",
        text: "app:workflow.items.plStructure",
        subject: "Report",
      },
      {
        to: "/profitability-reports",
        title: "common:nav.profitability",
        text: "app:workflow.items.profitability",
        subject: "Report",
      },
      {
        to: "/report-export",
        title: "common:nav.export",
        text: "app:workflow.items.export",
        subject: "Report",
      },
      {
        to: "/data-connector-setup",
        title: "common:nav.dataConnector",
        text: "app:workflow.items.connector",
        subject: "Report",
      },
    ],
  },
];

export default function WorkflowPage() {
  const { t } = useTranslation();
  const { ability } = useSession();
  const ctx = useAppContext();
  return (
    <>
      <PageHeader title={t("app:workflow.title")} description={t("app:workflow.subtitle")} />
      <SelectionCard />
      <Timeline active={ctx.scenario ? 0 : -1} bulletSize={40} lineWidth={2}>
        {PHASES.map((phase) => (
          <Timeline.Item
            key={phase.n}
            bullet={
              <ThemeIcon size={40} radius="xl" variant="light">
                <phase.icon size={20} aria-hidden />
              </ThemeIcon>
            }
            title={
              <Group gap="xs">
                <Text fz="xs" fw={700} c="indigo">
                  {t("public:home.phases.phase", { n: phase.n })}
                </Text>
                <Title order={2} fz="lg">
                  {t(phase.title)}
                </Title>
              </Group>
            }
          >
            <Text c="dimmed" fz="sm" mb="md">
              {t(phase.text)}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md" mb="xl">
              {phase.items
                .filter((i) => ability.can("read", i.subject))
                .map((item) => (
                  <WorkflowItemCard key={item.to} item={item} />
                ))}
            </SimpleGrid>
          </Timeline.Item>
        ))}
      </Timeline>
    </>
  );
}

/** The model and scenario the steps work on, or a hint to select a scenario first. */
function SelectionCard() {
  const { t } = useTranslation();
  const ctx = useAppContext();
  return (
    <Card mb="lg">
      <Group gap="xl" wrap="wrap">
        <Stack gap={2}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("common:context.model")}
          </Text>
          <Text fw={600}>{ctx.model?.name ?? t("common:context.noModel")}</Text>
        </Stack>
        <Stack gap={2}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t("common:context.scenario")}
          </Text>
          <Text fw={600}>{ctx.scenario?.name ?? t("common:context.noScenario")}</Text>
        </Stack>
        {!ctx.scenario && (
          <Text fz="sm" c="dimmed" style={{ flex: 1, minWidth: 240 }}>
            {t("app:workflow.selectHint")}
          </Text>
        )}
      </Group>
    </Card>
  );
}

function WorkflowItemCard({ item }: { item: (typeof PHASES)[number]["items"][number] }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={item.to} className="cf-workflow-step">
      <Card h="100%">
        <Group justify="space-between" wrap="nowrap" mb={6}>
          <Text fw={650} fz="sm">
            {t(item.title)}
          </Text>
          {item.badge ? (
            <Badge size="xs" variant="light" color="grape">
              {t(item.badge)}
            </Badge>
          ) : (
            <IconArrowRight size={16} className="cf-flip-rtl" aria-hidden />
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          {t(item.text)}
        </Text>
      </Card>
    </UnstyledButton>
  );
}
