import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { formatInteger } from "../../../lib/format";

interface UploadSummary {
  file: string;
  size: number;
  mode: string;
  dimension?: string;
}

const MODE_LABELS: Record<string, string> = {
  MERGE: "model:software.modes.merge",
  APPEND: "model:software.modes.append",
  REPLACE: "model:software.modes.replace",
};

export default function DimensionUploadCompletePage() {
  const { t, i18n } = useTranslation();
  const summary = useLocation().state as UploadSummary | null;
  return (
    <>
      <PageHeader
        title={t("model:software.uploadComplete.title")}
        description={t("model:software.uploadComplete.subtitle")}
      />
      <Card maw={720}>
        {summary ? (
          <Stack gap="md" data-testid="upload-summary">
            <Group gap="sm">
              <ThemeIcon color="teal" variant="light" size={40} radius="xl">
                <IconCircleCheck size={24} aria-hidden />
              </ThemeIcon>
              <Stack gap={0}>
                <Title order={2} fz="md">
                  {t("common:messages.fileReceived")}
                </Title>
                <Text fz="sm" c="dimmed">
                  {t("common:messages.processFileRequested")}
                </Text>
              </Stack>
            </Group>
            <Text fz="sm">
              {t("model:software.uploadComplete.details", {
                file: summary.file,
                size: formatInteger(Math.ceil(summary.size / 1024), i18n.language),
                mode: t(MODE_LABELS[summary.mode] ?? "model:software.modes.merge"),
                dimension: summary.dimension ?? "",
              })}
            </Text>
            <Text fz="xs" c="dimmed">
              {t("model:software.uploadComplete.next")}
            </Text>
            <Group>
              <Button component={Link} to="/model/scenario/dimensions">
                {t("common:nav.dimensions")}
              </Button>
              <Button component={Link} to="/software/dimension/upload" variant="default">
                {t("model:software.uploadComplete.another")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <EmptyState
            title={t("common:messages.noResults")}
            description={t("model:software.uploadComplete.nothing")}
          >
            <Button component={Link} to="/software/dimension/upload" mt="md">
              {t("model:software.upload.title")}
            </Button>
          </EmptyState>
        )}
      </Card>
    </>
  );
}
