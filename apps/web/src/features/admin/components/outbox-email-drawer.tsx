import { Badge, Code, Drawer, Group, Loader, Stack, Text, useDirection } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { useOutboxEmail } from "../api/get-outbox-email";

export function OutboxEmailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const { data, isLoading, isError } = useOutboxEmail(id);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position={dir === "rtl" ? "left" : "right"}
      size="lg"
      title={t("app:admin.emailDetail")}
    >
      {isLoading && <Loader />}
      {isError && <Text c="red">{t("common:messages.somethingFailed")}</Text>}
      {data && (
        <Stack gap="sm" data-testid="outbox-detail">
          <Group gap="xs">
            <Text fz="sm" c="dimmed" w={90}>
              {t("app:admin.to")}
            </Text>
            <Text fz="sm" dir="ltr">
              {data.to}
            </Text>
          </Group>
          <Group gap="xs">
            <Text fz="sm" c="dimmed" w={90}>
              {t("app:admin.subject")}
            </Text>
            <Text fz="sm" fw={600}>
              {data.subject}
            </Text>
          </Group>
          <Group gap="xs">
            <Text fz="sm" c="dimmed" w={90}>
              {t("app:admin.sentAt")}
            </Text>
            <Text fz="sm">{formatDateTime(data.created_at, i18n.language)}</Text>
            <Badge variant="light">{data.transport}</Badge>
          </Group>
          <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} dir="auto">
            {data.text}
          </Code>
        </Stack>
      )}
    </Drawer>
  );
}
