import { Badge, Card, Group, List, Stack, Text, Timeline, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { formatDate } from "../../../lib/format";

const RELEASES = [
  {
    version: "0.1.0",
    date: "2026-11-22",
    title: "legal:releaseNotes.r010.title",
    text: "legal:releaseNotes.r010.text",
    items: [
      "legal:releaseNotes.r010.i1",
      "legal:releaseNotes.r010.i2",
      "legal:releaseNotes.r010.i3",
      "legal:releaseNotes.r010.i4",
      "legal:releaseNotes.r010.i5",
      "legal:releaseNotes.r010.i6",
      "legal:releaseNotes.r010.i7",
    ],
  },
];

export default function ReleaseNotesPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader title={t("legal:releaseNotes.title")} description={t("legal:releaseNotes.intro")} />
      <Card maw={900} p={{ base: "md", sm: "xl" }}>
        <Timeline active={0} bulletSize={22} lineWidth={2}>
          {RELEASES.map((r, i) => (
            <Timeline.Item
              key={r.version}
              title={
                <Group gap="sm">
                  <Title order={2} fz="lg">
                    {t("legal:releaseNotes.version", { version: r.version })}
                  </Title>
                  {i === 0 && (
                    <Badge variant="light" color="teal">
                      {t("legal:releaseNotes.current")}
                    </Badge>
                  )}
                </Group>
              }
            >
              <Stack gap="xs" mt={4}>
                <Text fz="xs" c="dimmed">
                  {formatDate(r.date, i18n.language)}
                </Text>
                <Text fw={600}>{t(r.title)}</Text>
                <Text fz="sm">{t(r.text)}</Text>
                <List fz="sm" spacing={4}>
                  {r.items.map((it) => (
                    <List.Item key={it}>{t(it)}</List.Item>
                  ))}
                </List>
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </>
  );
}
