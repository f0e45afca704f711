import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import { IconBorderOuter, IconCheck, IconLayoutSidebar, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { Skin } from "../lib/api-types";
import { SKINS, skinStore, useSkin } from "../lib/skin";
import { saveSettings } from "../lib/user-settings";

export const SKIN_LABELS: Record<Skin, string> = {
  light: "common:skin.light",
  dark: "common:skin.dark",
  bordered: "common:skin.bordered",
  "semi-dark": "common:skin.semiDark",
};

const ICONS: Record<Skin, typeof IconSun> = {
  light: IconSun,
  dark: IconMoon,
  bordered: IconBorderOuter,
  "semi-dark": IconLayoutSidebar,
};

export function changeSkin(skin: Skin): void {
  skinStore.set(skin);
  saveSettings({ skin }).catch(() => undefined);
}

export function SkinSwitcher() {
  const { t } = useTranslation();
  const skin = useSkin();
  const Icon = ICONS[skin];
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={t("common:skin.label")}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("common:a11y.changeSkin")}
            data-testid="skin-switcher"
          >
            <Icon size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("common:skin.label")}</Menu.Label>
        {SKINS.map((s) => {
          const ItemIcon = ICONS[s];
          return (
            <Menu.Item
              key={s}
              leftSection={<ItemIcon size={16} aria-hidden />}
              rightSection={s === skin ? <IconCheck size={14} aria-hidden /> : null}
              onClick={() => changeSkin(s)}
              data-testid={`skin-${s}`}
            >
              {t(SKIN_LABELS[s])}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
