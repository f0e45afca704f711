import {
  Accordion,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconBook, IconKey, IconMail, IconRocket } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SUPPORT_EMAIL } from "../../../lib/constants";

const TOPICS = [
  {
    icon: IconRocket,
    title: "public:help.topics.start.title",
    items: ["start1", "start2", "start3"],
  },
  {
    icon: IconKey,
    title: "public:help.topics.access.title",
    items: ["access1", "access2", "access3", "access4"],
  },
  {
    icon: IconBook,
    title: "public:help.topics.data.title",
    items: ["data1", "data2", "data3", "data4"],
  },
] as const;

const Q: Record<string, { q: string; a: string }> = {
  start1: { q: "public:help.faq.start1.q", a: "public:help.faq.start1.a" },
  start2: { q: "public:help.faq.start2.q", a: "public:help.faq.start2.a" },
  start3: { q: "public:help.faq.start3.q", a: "public:help.faq.start3.a" },
  access1: { q: "public:help.faq.access1.q", a: "public:help.faq.access1.a" },
  access2: { q: "public:help.faq.access2.q", a: "public:help.faq.access2.a" },
  access3: { q: "public:help.faq.access3.q", a: "public:help.faq.access3.a" },
  access4: { q: "public:help.faq.access4.q", a: "public:help.faq.access4.a" },
  data1: { q: "public:help.faq.data1.q", a: "public:help.faq.data1.a" },
  data2: { q: "public:help.faq.data2.q", a: "public:help.faq.data2.a" },
  data3: { q: "public:help.faq.data3.q", a: "public:help.faq.data3.a" },
  data4: { q: "public:help.faq.data4.q", a: "public:help.faq.data4.a" },
};

export default function NeedHelpPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={{ base: 40, sm: 72 }}>
      <Stack gap="xs" mb={40} maw={720}>
        <Title order={1} fz={{ base: 30, sm: 40 }} data-testid="page-title">
          {t("public:help.title")}
        </Title>
        <Text c="dimmed" fz="lg">
          {t("public:help.subtitle")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb={48}>
        <QuickHelp
          title={t("public:help.quick.accountTitle")}
          text={t("public:help.quick.accountText")}
          to="/forgot-password"
          action={t("public:help.quick.accountAction")}
        />
        <QuickHelp
          title={t("public:help.quick.companyTitle")}
          text={t("public:help.quick.companyText")}
          to="/company-signup"
          action={t("public:help.quick.companyAction")}
        />
        <QuickHelp
          title={t("public:help.quick.contactTitle")}
          text={t("public:help.quick.contactText")}
          to="/contact"
          action={t("public:nav.contacts")}
        />
      </SimpleGrid>
      <Stack gap={40}>
        {TOPICS.map((topic) => (
          <TopicQuestions key={topic.title} topic={topic} />
        ))}
      </Stack>
      <Card mt={48} p="xl">
        <Group justify="space-between" gap="md">
          <Stack gap={4}>
            <Text fw={650}>{t("public:help.stillStuck.title")}</Text>
            <Text fz="sm" c="dimmed">
              {t("public:help.stillStuck.text")}
            </Text>
          </Stack>
          <Button
            component="a"
            href={`mailto:${SUPPORT_EMAIL}`}
            leftSection={<IconMail size={16} aria-hidden />}
          >
            <Anchor component="span" c="inherit" dir="ltr">
              {SUPPORT_EMAIL}
            </Anchor>
          </Button>
        </Group>
      </Card>
    </Container>
  );
}

/** A common need: what it is, and the page that answers it. */
function QuickHelp({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <Card>
      <Text fw={650} mb={4}>
        {title}
      </Text>
      <Text fz="sm" c="dimmed" mb="md">
        {text}
      </Text>
      <Button component={Link} to={to} variant="light" size="xs">
        {action}
      </Button>
    </Card>
  );
}

/** A topic's questions, each opening on its answer. */
function TopicQuestions({ topic }: { topic: (typeof TOPICS)[number] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Group gap="sm">
        <ThemeIcon variant="light" size={36} radius="md">
          <topic.icon size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {t(topic.title)}
        </Title>
      </Group>
      <Accordion variant="separated" radius="md">
        {topic.items.map((id) => (
          <Accordion.Item key={id} value={id}>
            <Accordion.Control>{t(Q[id]!.q)}</Accordion.Control>
            <Accordion.Panel>
              <Text fz="sm" c="dimmed" className="cf-prose">
                {t(Q[id]!.a)}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
