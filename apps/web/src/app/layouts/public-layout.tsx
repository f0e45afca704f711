import {
  Anchor,
  AppShell,
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  useDirection,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconMail } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet } from "react-router";
import { LanguageSwitcher } from "../../components/language-switcher";
import { Logo } from "../../components/logo";
import { ScrollToTop } from "../../components/scroll-to-top";
import { SkinSwitcher } from "../../components/skin-switcher";
import { SUPPORT_EMAIL } from "../../lib/constants";

const LINKS = [
  { to: "/home", label: "public:nav.home" },
  { to: "/about-us", label: "public:nav.about" },
  { to: "/contact", label: "public:nav.contacts" },
  { to: "/need-help", label: "public:nav.needHelp" },
];

function PublicFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" className="cf-public-footer" py={48}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Logo />
            <Text c="dimmed" fz="sm">
              {t("public:footer.tagline")}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{t("public:footer.product")}</Text>
            <Anchor component={Link} to="/home" c="dimmed" fz="sm">
              {t("public:nav.home")}
            </Anchor>
            <Anchor component={Link} to="/need-help" c="dimmed" fz="sm">
              {t("public:nav.needHelp")}
            </Anchor>
            <Anchor component={Link} to="/company-signup" c="dimmed" fz="sm">
              {t("public:footer.companySignup")}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{t("public:footer.company")}</Text>
            <Anchor component={Link} to="/about-us" c="dimmed" fz="sm">
              {t("public:nav.about")}
            </Anchor>
            <Anchor component={Link} to="/contact" c="dimmed" fz="sm">
              {t("public:nav.contacts")}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={600}>{t("public:footer.support")}</Text>
            <Text c="dimmed" fz="sm">
              {t("public:footer.supportText")}
            </Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="sm" data-testid="support-email">
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} aria-hidden />
                <span dir="ltr">{SUPPORT_EMAIL}</span>
              </Group>
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="lg" />
        <Text c="dimmed" fz="xs">
          {t("public:footer.copyright", { year })}
        </Text>
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { dir } = useDirection();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header className="cf-public-header">
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo />
            <Group gap={4} visibleFrom="md" component="nav" aria-label={t("common:a11y.mainNavigation")}>
              {LINKS.map((l) => (
                <UnstyledButton key={l.to} component={NavLink} to={l.to} className="cf-public-link">
                  {t(l.label)}
                </UnstyledButton>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="sm">
                <LanguageSwitcher />
              </Box>
              <SkinSwitcher />
              <Button component={Link} to="/dashboard" visibleFrom="sm" data-testid="go-to-app">
                {t("public:nav.goToApp")}
              </Button>
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={t("common:a11y.toggleMenu")}
              />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <Drawer
        opened={opened}
        onClose={close}
        title={t("common:brand")}
        size="xs"
        hiddenFrom="md"
        position={dir === "rtl" ? "left" : "right"}
      >
        <Stack gap="xs" component="nav" aria-label={t("common:a11y.mobileNavigation")}>
          {LINKS.map((l) => (
            <UnstyledButton
              key={l.to}
              component={NavLink}
              to={l.to}
              onClick={close}
              className="cf-public-link"
            >
              {t(l.label)}
            </UnstyledButton>
          ))}
          <Divider my="xs" />
          <Button component={Link} to="/register" variant="light" onClick={close}>
            {t("public:nav.signUp")}
          </Button>
          <Button component={Link} to="/login" variant="default" onClick={close}>
            {t("public:nav.login")}
          </Button>
          <Button component={Link} to="/dashboard" onClick={close}>
            {t("public:nav.goToApp")}
          </Button>
          <Divider my="xs" />
          <LanguageSwitcher />
        </Stack>
      </Drawer>

      <AppShell.Main>
        <Box component="main" mih="calc(100vh - 64px)">
          <Outlet />
        </Box>
        <PublicFooter />
      </AppShell.Main>
      <ScrollToTop />
    </AppShell>
  );
}
