import { DirectionProvider, MantineProvider, useDirection } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import "dayjs/locale/ar";
import "dayjs/locale/es";
import "dayjs/locale/pt";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { TOAST_MS } from "../lib/constants";
import { i18next } from "../lib/i18n";
import { directionOf } from "../lib/languages";
import { queryClient } from "../lib/query-client";
import { colorSchemeOf, useSkin } from "../lib/skin";
import { createAppTheme } from "../lib/theme";
import { router } from "./router";

/** Keeps Mantine's direction in step with the language (Arabic is right-to-left). */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(directionOf(i18n.language));
  }, [i18n.language, setDirection]);
  return null;
}

function ThemedApp() {
  const skin = useSkin();
  const { i18n, t } = useTranslation();
  const theme = useMemo(() => createAppTheme(skin), [skin]);
  return (
    <MantineProvider theme={theme} forceColorScheme={colorSchemeOf(skin)}>
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <ModalsProvider labels={{ confirm: t("common:actions.confirm"), cancel: t("common:actions.cancel") }}>
          <Notifications autoClose={TOAST_MS} position="top-right" zIndex={1000} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <DirectionProvider initialDirection={directionOf(i18next.language)} detectDirection={false}>
          <DirectionSync />
          <ThemedApp />
        </DirectionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
