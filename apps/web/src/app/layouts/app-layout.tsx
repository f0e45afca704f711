import { AppShell, Badge, Box, Burger, Group, NavLink, ScrollArea, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconHierarchy3, IconStack2 } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { AppBreadcrumbs } from "../../components/app-breadcrumbs";
import { CompanySwitcher } from "../../components/company-switcher";
import { LanguageSwitcher } from "../../components/language-switcher";
import { Logo } from "../../components/logo";
import { SkinSwitcher } from "../../components/skin-switcher";
import { UserMenu } from "../../components/user-menu";
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { useAppContext } from "../../lib/app-context";
import type { AppAbility } from "../../lib/authorization";
import { useSession } from "../../lib/use-session";
import { NAV_ITEMS, type NavGroup } from "./nav-items";

function visibleItems(ability: AppAbility): NavGroup[] {
  return NAV_ITEMS.map((g) => ({
    ...g,
    children: g.children?.filter((c) => ability.can("read", c.subject)),
  })).filter((g) => (g.children ? g.children.length > 0 : ability.can("read", g.subject)));
}

function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { ability } = useSession();
  const { pathname } = useLocation();
  const groups = visibleItems(ability);
  return (
    <ScrollArea type="scroll" style={{ flex: 1 }}>
      <Box component="nav" aria-label={t("common:a11y.mainNavigation")} p="sm" data-testid="app-navbar">
        {groups.map((g) => {
          const Icon = g.icon;
          if (!g.children) {
            return (
              <NavLink
                key={g.label}
                component={Link}
                to={g.to ?? "/"}
                label={t(g.label)}
                leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                active={pathname === g.to}
                onClick={onNavigate}
                className="cf-navlink"
              />
            );
          }
          const childActive = g.children.some((c) => pathname === c.to);
          return (
            <NavLink
              key={g.label}
              label={t(g.label)}
              leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
              defaultOpened={childActive}
              className="cf-navlink"
              childrenOffset={30}
            >
              {g.children.map((c) => (
                <NavLink
                  key={c.to}
                  component={Link}
                  to={c.to}
                  label={t(c.label)}
                  active={pathname === c.to}
                  onClick={onNavigate}
                  className="cf-navlink cf-navlink-child"
                />
              ))}
            </NavLink>
          );
        })}
      </Box>
    </ScrollArea>
  );
}

/** The selected model and scenario, always visible so users know what the screens act on. */
function ContextBadges() {
  const { t } = useTranslation();
  const ctx = useAppContext();
  return (
    <Group gap={6} wrap="wrap" data-testid="context-badges">
      <Tooltip label={t("common:context.model")}>
        <Badge
          component={Link}
          to="/model"
          variant="light"
          color={ctx.model ? "indigo" : "gray"}
          leftSection={<IconHierarchy3 size={12} aria-hidden />}
          style={{ cursor: "pointer", textTransform: "none" }}
        >
          {ctx.model?.name ?? t("common:context.noModel")}
        </Badge>
      </Tooltip>
      <Tooltip label={t("common:context.scenario")}>
        <Badge
          component={Link}
          to="/model/scenarios"
          variant="light"
          color={ctx.scenario ? "teal" : "gray"}
          leftSection={<IconStack2 size={12} aria-hidden />}
          style={{ cursor: "pointer", textTransform: "none" }}
        >
          {ctx.scenario?.name ?? t("common:context.noScenario")}
        </Badge>
      </Tooltip>
    </Group>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top whenever the page changes.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: "md", collapsed: { mobile: !opened } }}
      padding={{ base: "sm", sm: "lg" }}
    >
      <AppShell.Header className="cf-app-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={t("common:a11y.toggleMenu")}
            />
            <Logo to="/dashboard" />
          </Group>
          <Group gap={6} wrap="nowrap">
            <Box visibleFrom="sm">
              <CompanySwitcher />
            </Box>
            <LanguageSwitcher compact />
            <SkinSwitcher />
            <NotificationBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className="cf-navbar" style={{ display: "flex", flexDirection: "column" }}>
        <Box hiddenFrom="sm" p="sm">
          <CompanySwitcher fullWidth />
        </Box>
        <AppNavbar onNavigate={close} />
        <Box p="sm" className="cf-navbar-footer">
          <Text fz="xs" c="dimmed">
            {t("common:nav.footnote")}
          </Text>
        </Box>
      </AppShell.Navbar>
      <AppShell.Main>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <AppBreadcrumbs />
          <ContextBadges />
        </Group>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
