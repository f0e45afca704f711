import { Button, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Language } from "../lib/api-types";
import { setLanguage } from "../lib/i18n";
import { isLanguage, LANGUAGE_NATIVE_NAMES, LANGUAGES } from "../lib/languages";
import { saveSettings } from "../lib/user-settings";

export function useChangeLanguage() {
  const queryClient = useQueryClient();
  return async (lang: Language) => {
    await setLanguage(lang);
    // Server messages come in the request language: refetch what is on screen.
    void queryClient.invalidateQueries();
    saveSettings({ language: lang }).catch(() => undefined);
  };
}

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLanguage();
  const current = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t("common:a11y.changeLanguage")}
          data-testid="language-switcher"
        >
          {compact ? current.toUpperCase() : LANGUAGE_NATIVE_NAMES[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("common:language.label")}</Menu.Label>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            onClick={() => void change(lang)}
            rightSection={lang === current ? <IconCheck size={14} aria-hidden /> : null}
            data-testid={`language-${lang}`}
            lang={lang}
          >
            {LANGUAGE_NATIVE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
