import { Button, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { homePathFor } from "../../../lib/session";
import { useSession } from "../../../lib/use-session";

export default function NotAuthorizedPage() {
  const { t } = useTranslation();
  const { loggedIn, user } = useSession();
  const home = loggedIn ? homePathFor(user?.role) : "/login";
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" data-testid="not-authorized">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconLock size={38} aria-hidden />
        </ThemeIcon>
        <Title order={1}>{t("common:errors.notAuthorizedTitle")}</Title>
        <Text c="dimmed">{t("common:errors.notAuthorizedText")}</Text>
        <Group>
          <Button component={Link} to={home}>
            {loggedIn ? t("common:errors.backToApp") : t("public:nav.login")}
          </Button>
          <Button component={Link} to="/access-control" variant="default">
            {t("common:nav.accessControl")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
