import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconLogout, IconSettings, IconUserCircle } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useSession } from "../lib/use-session";
import { logout } from "../lib/user-settings";

function initialsOf(first?: string, last?: string, email?: string): string {
  const i = `${first?.[0] ?? ""}${last?.[0] ?? ""}`.trim();
  return (i || email?.[0] || "?").toUpperCase();
}

export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  const onLogout = async () => {
    await logout();
    queryClient.clear();
    navigate("/login", { replace: true });
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t("common:a11y.userMenu")} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="indigo" radius="xl" size={34}>
              {initialsOf(user.first_name, user.last_name, user.email)}
            </Avatar>
            <Text fz="sm" fw={500} visibleFrom="lg" maw={140} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text fz="xs" c="dimmed" truncate dir="ltr">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/account" leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t("common:nav.myAccount")}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/pages/account-setting"
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          {t("common:nav.accountSettings")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void onLogout()}
          data-testid="logout"
        >
          {t("common:actions.logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
