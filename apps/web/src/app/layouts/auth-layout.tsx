import { Anchor, Box, Container, Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";
import { Logo } from "../../components/logo";
import { SkinSwitcher } from "../../components/skin-switcher";
import { SUPPORT_EMAIL } from "../../lib/constants";

/** Full layout of the auth pages: no app navigation, the form in a centred card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <Box className="cf-auth-bg" mih="100vh" display="flex" style={{ flexDirection: "column" }}>
      <Container size="lg" w="100%" py="md">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitcher compact />
            <SkinSwitcher />
          </Group>
        </Group>
      </Container>
      <Container size={520} w="100%" py="xl" style={{ flex: 1 }}>
        <Paper p={{ base: "lg", sm: 36 }} radius="lg" shadow="md" withBorder component="main">
          <Outlet />
        </Paper>
      </Container>
      <Container size="lg" w="100%" py="md">
        <Group justify="space-between" gap="xs">
          <Text c="dimmed" fz="xs">
            {t("public:footer.copyright", { year: new Date().getFullYear() })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/need-help" fz="xs" c="dimmed">
              {t("public:nav.needHelp")}
            </Anchor>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="xs" c="dimmed" dir="ltr">
              {SUPPORT_EMAIL}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
