import { Card, Grid, Group, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "../../../components/language-switcher";
import { PageHeader } from "../../../components/page-header";
import { changeSkin, SKIN_LABELS } from "../../../components/skin-switcher";
import type { Skin } from "../../../lib/api-types";
import { isLanguage, LANGUAGE_NATIVE_NAMES, LANGUAGES } from "../../../lib/languages";
import { SKINS, useSkin } from "../../../lib/skin";
import { PasswordCard } from "../components/password-card";

const SKIN_TEXT: Record<Skin, string> = {
  light: "app:settings.skinText.light",
  dark: "app:settings.skinText.dark",
  bordered: "app:settings.skinText.bordered",
  "semi-dark": "app:settings.skinText.semiDark",
};

export default function AccountSettingPage() {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const skin = useSkin();
  const lang = isLanguage(i18n.language) ? i18n.language : "en";

  return (
    <>
      <PageHeader title={t("app:settings.title")} description={t("app:settings.subtitle")} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card h="100%">
            <Title order={2} fz="lg" mb={4}>
              {t("common:language.label")}
            </Title>
            <Text fz="sm" c="dimmed" mb="md">
              {t("app:settings.languageText")}
            </Text>
            <Radio.Group
              value={lang}
              onChange={(v) => isLanguage(v) && void changeLanguage(v)}
              name="language"
            >
              <SimpleGrid cols={2} spacing="sm">
                {LANGUAGES.map((l) => (
                  <Radio.Card key={l} value={l} p="md" radius="md" data-testid={`setting-language-${l}`}>
                    <Group wrap="nowrap">
                      <Radio.Indicator />
                      <Text lang={l} fw={500}>
                        {LANGUAGE_NATIVE_NAMES[l]}
                      </Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Card h="100%">
            <Title order={2} fz="lg" mb={4}>
              {t("common:skin.label")}
            </Title>
            <Text fz="sm" c="dimmed" mb="md">
              {t("app:settings.skinIntro")}
            </Text>
            <Radio.Group value={skin} onChange={(v) => changeSkin(v as Skin)} name="skin">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {SKINS.map((s) => (
                  <Radio.Card key={s} value={s} p="md" radius="md" data-testid={`setting-skin-${s}`}>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={2}>
                        <Text fw={500}>{t(SKIN_LABELS[s])}</Text>
                        <Text fz="xs" c="dimmed">
                          {t(SKIN_TEXT[s])}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Card>
        </Grid.Col>
        <Grid.Col span={12}>
          <PasswordCard />
        </Grid.Col>
      </Grid>
    </>
  );
}
