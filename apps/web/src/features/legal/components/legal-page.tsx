import { Card, Divider, List, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { formatDate } from "../../../lib/format";

export interface LegalSection {
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

/** The date the legal texts were last changed. */
const LEGAL_UPDATED = "2026-11-01";

export function LegalPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader
        title={t(title)}
        description={t("legal:updated", { date: formatDate(LEGAL_UPDATED, i18n.language) })}
      />
      <Card p={{ base: "md", sm: "xl" }} maw={900}>
        <Stack gap="lg" className="cf-prose">
          <Text>{t(intro)}</Text>
          {sections.map((s, i) => (
            <Stack key={s.title} gap="xs">
              {i > 0 && <Divider />}
              <Title order={2} fz="lg">
                {t(s.title)}
              </Title>
              {s.paragraphs.map((p) => (
                <Text key={p} fz="sm">
                  {t(p)}
                </Text>
              ))}
              {s.bullets && (
                <List fz="sm" spacing={4}>
                  {s.bullets.map((b) => (
                    <List.Item key={b}>{t(b)}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          ))}
          {children}
        </Stack>
      </Card>
    </>
  );
}
