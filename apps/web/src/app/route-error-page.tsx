import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { ChunkLoadError } from "../lib/lazy-page";

export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconAlertTriangle size={48} stroke={1.5} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title order={2}>{t("common:messages.somethingWentWrong")}</Title>
        <Text c="dimmed">{chunk ? t("common:errors.chunkLoad") : t("common:messages.pleaseTryAgain")}</Text>
        <Button onClick={() => window.location.reload()}>{t("common:actions.reload")}</Button>
      </Stack>
    </Center>
  );
}
