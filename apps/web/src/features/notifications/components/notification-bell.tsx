import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconBell, IconBellOff } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AppNotification } from "../../../lib/api-types";
import { formatDateTime } from "../../../lib/format";
import { useNotifications } from "../api/get-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-notifications-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { useNewNotificationToasts } from "./use-new-notification-toasts";

export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [polling, setPolling] = useState(true);
  const [opened, setOpened] = useState(false);
  const { data, isError } = useNotifications(polling);
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = data?.results ?? [];
  const unread = data?.unread ?? items.filter((n) => !n.is_read).length;

  const open = useCallback(
    (n: AppNotification) => {
      if (!n.is_read) markOne.mutate({ id: n.id });
      if (n.link) {
        setOpened(false);
        if (/^https?:\/\//.test(n.link)) window.open(n.link, "_blank", "noopener");
        else navigate(n.link);
      }
    },
    [markOne.mutate, navigate],
  );
  useNewNotificationToasts(data?.results, open);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator
          disabled={unread === 0}
          label={unread > 99 ? "99+" : unread}
          size={16}
          offset={4}
          color="red"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t("common:notifications.open", { count: unread })}
            data-testid="notification-bell"
          >
            {polling ? <IconBell size={20} aria-hidden /> : <IconBellOff size={20} aria-hidden />}
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <PanelHeader unread={unread} markingAll={markAll.isPending} onMarkAll={() => markAll.mutate()} />
        <Divider />
        <NotificationList
          items={items}
          failed={isError}
          onOpen={open}
          onMarkRead={(n) => markOne.mutate({ id: n.id })}
        />
        <Divider />
        <Group px="md" py="xs" justify="space-between">
          <Switch
            size="xs"
            checked={polling}
            onChange={(e) => setPolling(e.currentTarget.checked)}
            label={t("common:notifications.liveUpdates")}
          />
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The latest notifications, newest first; or why there are none to show. */
function NotificationList({
  items,
  failed,
  onOpen,
  onMarkRead,
}: {
  items: AppNotification[];
  failed: boolean;
  onOpen: (n: AppNotification) => void;
  onMarkRead: (n: AppNotification) => void;
}) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={360}>
      {failed && (
        <Text c="red" fz="sm" p="md">
          {t("common:messages.somethingFailed")}
        </Text>
      )}
      {!failed && items.length === 0 && (
        <Text c="dimmed" fz="sm" p="md" ta="center">
          {t("common:notifications.empty")}
        </Text>
      )}
      <Stack gap={0}>
        {items.map((n) => (
          <NotificationItem
            key={n.id}
            notification={n}
            onOpen={() => onOpen(n)}
            onMarkRead={() => onMarkRead(n)}
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

/** The panel's title, the unread count and "mark all as read". */
function PanelHeader({
  unread,
  markingAll,
  onMarkAll,
}: {
  unread: number;
  markingAll: boolean;
  onMarkAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" px="md" py="sm">
      <Group gap={6}>
        <Text fw={600}>{t("common:notifications.title")}</Text>
        {unread > 0 && (
          <Badge size="sm" variant="light">
            {t("common:notifications.unread", { count: unread })}
          </Badge>
        )}
      </Group>
      <Button
        variant="subtle"
        size="compact-xs"
        disabled={unread === 0}
        loading={markingAll}
        onClick={onMarkAll}
      >
        {t("common:notifications.markAll")}
      </Button>
    </Group>
  );
}

/** One notification: a dot while unread, title, message, date and "mark as read". */
function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
}: {
  notification: AppNotification;
  onOpen: () => void;
  onMarkRead: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={onOpen}
      px="md"
      py="sm"
      className="cf-notification"
      data-unread={!n.is_read || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          mt={6}
          w={8}
          h={8}
          style={{ borderRadius: 8, flexShrink: 0 }}
          bg={n.is_read ? "transparent" : "indigo"}
          aria-hidden
        />
        <Box style={{ minWidth: 0 }}>
          <Text fz="sm" fw={n.is_read ? 400 : 600} lineClamp={1}>
            {n.title}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {n.message}
          </Text>
          <Text fz="xs" c="dimmed" mt={2}>
            {formatDateTime(n.created_at, i18n.language)}
          </Text>
        </Box>
        {!n.is_read && (
          <Anchor
            component="span"
            fz="xs"
            ms="auto"
            style={{ whiteSpace: "nowrap" }}
            onClick={(e) => {
              e.stopPropagation();
              onMarkRead();
            }}
          >
            {t("common:notifications.markRead")}
          </Anchor>
        )}
      </Group>
    </UnstyledButton>
  );
}
