import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconArrowRight,
  IconBuildingSkyscraper,
  IconChartTreemap,
  IconClockHour4,
  IconFileExport,
  IconLanguage,
  IconRoute,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section } from "../components/section";

const FEATURES = [
  { icon: IconRoute, title: "public:home.features.abc.title", text: "public:home.features.abc.text" },
  {
    icon: IconClockHour4,
    title: "public:home.features.tdabc.title",
    text: "public:home.features.tdabc.text",
  },
  {
    icon: IconChartTreemap,
    title: "public:home.features.reports.title",
    text: "public:home.features.reports.text",
  },
  {
    icon: IconFileExport,
    title: "public:home.features.export.title",
    text: "public:home.features.export.text",
  },
  {
    icon: IconBuildingSkyscraper,
    title: "public:home.features.multiCompany.title",
    text: "public:home.features.multiCompany.text",
  },
  {
    icon: IconLanguage,
    title: "public:home.features.languages.title",
    text: "public:home.features.languages.text",
  },
];

const PHASES = [
  {
    n: "01",
    title: "public:home.phases.data.title",
    text: "public:home.phases.data.text",
    points: ["public:home.phases.data.p1", "public:home.phases.data.p2", "public:home.phases.data.p3"],
  },
  {
    n: "02",
    title: "public:home.phases.allocation.title",
    text: "public:home.phases.allocation.text",
    points: [
      "public:home.phases.allocation.p1",
      "public:home.phases.allocation.p2",
      "public:home.phases.allocation.p3",
    ],
  },
  {
    n: "03",
    title: "public:home.phases.reports.title",
    text: "public:home.phases.reports.text",
    points: [
      "public:home.phases.reports.p1",
      "public:home.phases.reports.p2",
      "public:home.phases.reports.p3",
    ],
  },
];

const STEPS = [
  "common:steps.s1",
  "common:steps.s2",
  "common:steps.s3",
  "common:steps.s4",
  "common:steps.s5",
  "common:steps.s6",
];
const STEP_TEXTS = [
  "public:home.steps.t1",
  "public:home.steps.t2",
  "public:home.steps.t3",
  "public:home.steps.t4",
  "public:home.steps.t5",
  "public:home.steps.t6",
];

const STATS = [
  { value: "6", label: "public:home.stats.steps" },
  { value: "4", label: "public:home.stats.languages" },
  { value: "ABC", label: "public:home.stats.methods" },
  { value: "∞", label: "public:home.stats.companies" },
];

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <Hero />

      <FeaturesSection />

      <PhasesSection />

      <StepsSection />

      <Section alt title={t("public:home.cta.title")} intro={t("public:home.cta.text")}>
        <Group>
          <Button size="md" component={Link} to="/register">
            {t("public:nav.signUp")}
          </Button>
          <Button size="md" variant="default" component={Link} to="/need-help">
            {t("public:nav.needHelp")}
          </Button>
        </Group>
      </Section>
    </>
  );
}

/** The title, the calls to action, a preview of the six steps and a few figures. */
function Hero() {
  const { t } = useTranslation();
  return (
    <Box className="cf-hero" py={{ base: 56, sm: 96 }}>
      <Container size="lg">
        <Grid gap={48} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Badge
                size="lg"
                variant="light"
                w="fit-content"
                maw="100%"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: "normal" } }}
              >
                {t("public:home.badge")}
              </Badge>
              <Title order={1} fz={{ base: 34, sm: 48 }} lh={1.1} data-testid="home-title">
                {t("public:home.title")}
              </Title>
              <Text fz={{ base: "md", sm: "lg" }} c="dimmed" maw={600}>
                {t("public:home.subtitle")}
              </Text>
              <Group gap="sm">
                <Button
                  size="md"
                  component={Link}
                  to="/company-signup"
                  rightSection={<IconArrowRight size={18} className="cf-flip-rtl" aria-hidden />}
                >
                  {t("public:home.ctaPrimary")}
                </Button>
                <Button size="md" variant="default" component={Link} to="/dashboard">
                  {t("public:nav.goToApp")}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <HeroPreview />
          </Grid.Col>
        </Grid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt={56} spacing="lg">
          {STATS.map((s) => (
            <Stack key={s.label} gap={0}>
              <Text fz={32} fw={800} c="indigo">
                {s.value}
              </Text>
              <Text c="dimmed" fz="sm">
                {t(s.label)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function HeroPreview() {
  const { t } = useTranslation();
  return (
    <Card padding="lg" radius="lg" shadow="md" withBorder>
      <Text fw={600} mb="sm">
        {t("public:home.preview.title")}
      </Text>
      <Stack gap="xs">
        {STEPS.map((s, i) => (
          <Group key={s} gap="sm" wrap="nowrap">
            <ThemeIcon size={28} radius="xl" variant={i < 4 ? "filled" : "light"}>
              <Text fz="xs" fw={700}>
                {i + 1}
              </Text>
            </ThemeIcon>
            <Text fz="sm">{t(s)}</Text>
          </Group>
        ))}
      </Stack>
      <Text fz="xs" c="dimmed" mt="md">
        {t("public:home.preview.caption")}
      </Text>
    </Card>
  );
}

function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <Section
      eyebrow={t("public:home.features.eyebrow")}
      title={t("public:home.features.title")}
      intro={t("public:home.features.intro")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map((f) => (
          <Card key={f.title}>
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <f.icon size={24} aria-hidden />
            </ThemeIcon>
            <Text fw={650} mb={6}>
              {t(f.title)}
            </Text>
            <Text c="dimmed" fz="sm">
              {t(f.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function PhasesSection() {
  const { t } = useTranslation();
  return (
    <Section
      alt
      id="how"
      eyebrow={t("public:home.phases.eyebrow")}
      title={t("public:home.phases.title")}
      intro={t("public:home.phases.intro")}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PHASES.map((p) => (
          <Card key={p.n}>
            <Text fz="sm" fw={700} c="indigo">
              {t("public:home.phases.phase", { n: p.n })}
            </Text>
            <Title order={3} fz="lg" my={6}>
              {t(p.title)}
            </Title>
            <Text c="dimmed" fz="sm" mb="sm">
              {t(p.text)}
            </Text>
            <List spacing={4} fz="sm">
              {p.points.map((pt) => (
                <List.Item key={pt}>{t(pt)}</List.Item>
              ))}
            </List>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function StepsSection() {
  const { t } = useTranslation();
  return (
    <Section
      eyebrow={t("public:home.steps.eyebrow")}
      title={t("public:home.steps.title")}
      intro={t("public:home.steps.intro")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {STEPS.map((s, i) => (
          <Group key={s} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon size={36} radius="xl">
              <Text fw={700}>{i + 1}</Text>
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={650}>{t(s)}</Text>
              <Text c="dimmed" fz="sm">
                {t(STEP_TEXTS[i]!)}
              </Text>
            </Stack>
          </Group>
        ))}
      </SimpleGrid>
    </Section>
  );
}
