import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconEye, IconScale, IconShieldCheck, IconUsersGroup } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Section } from "../components/section";

const VALUES = [
  {
    icon: IconEye,
    title: "public:about.values.transparency.title",
    text: "public:about.values.transparency.text",
  },
  { icon: IconScale, title: "public:about.values.accuracy.title", text: "public:about.values.accuracy.text" },
  { icon: IconShieldCheck, title: "public:about.values.trust.title", text: "public:about.values.trust.text" },
  {
    icon: IconUsersGroup,
    title: "public:about.values.people.title",
    text: "public:about.values.people.text",
  },
];

const STORY = ["public:about.story.p1", "public:about.story.p2", "public:about.story.p3"];

export default function AboutUsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Box className="cf-hero" py={{ base: 56, sm: 80 }}>
        <Container size="md">
          <Stack gap="md" ta="center" align="center">
            <Title order={1} fz={{ base: 32, sm: 42 }} data-testid="page-title">
              {t("public:about.title")}
            </Title>
            <Text fz="lg" c="dimmed" maw={680}>
              {t("public:about.subtitle")}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Section eyebrow={t("public:about.story.eyebrow")} title={t("public:about.story.title")}>
        <Stack gap="md" maw={760} className="cf-prose">
          {STORY.map((p) => (
            <Text key={p}>{t(p)}</Text>
          ))}
        </Stack>
      </Section>
      <Section alt eyebrow={t("public:about.values.eyebrow")} title={t("public:about.values.title")}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {VALUES.map((v) => (
            <Card key={v.title}>
              <ThemeIcon size={40} variant="light" radius="md" mb="sm">
                <v.icon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={650} mb={4}>
                {t(v.title)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(v.text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>
      <Section eyebrow={t("public:about.method.eyebrow")} title={t("public:about.method.title")}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm" className="cf-prose">
            <Title order={3} fz="lg">
              {t("public:about.method.abcTitle")}
            </Title>
            <Text>{t("public:about.method.abcText")}</Text>
          </Stack>
          <Stack gap="sm" className="cf-prose">
            <Title order={3} fz="lg">
              {t("public:about.method.tdabcTitle")}
            </Title>
            <Text>{t("public:about.method.tdabcText")}</Text>
          </Stack>
        </SimpleGrid>
      </Section>
    </>
  );
}
