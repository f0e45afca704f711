import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" data-testid="not-found">
        <Text fz={96} fw={800} c="indigo" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{t("common:errors.notFoundTitle")}</Title>
        <Text c="dimmed">{t("common:errors.notFoundText")}</Text>
        <Group>
          <Button component={Link} to="/home" variant="default">
            {t("public:nav.home")}
          </Button>
          <Button component={Link} to="/dashboard">
            {t("public:nav.goToApp")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
