import { createTheme, type MantineThemeOverride } from "@mantine/core";
import type { Skin } from "./api-types";

const FONT =
  'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Noto Sans", "Noto Sans Arabic", Tahoma, "Helvetica Neue", Arial, sans-serif';

export function createAppTheme(skin: Skin): MantineThemeOverride {
  const bordered = skin === "bordered" || skin === "dark";
  return createTheme({
    primaryColor: "indigo",
    primaryShade: { light: 6, dark: 7 },
    fontFamily: FONT,
    headings: { fontFamily: FONT, fontWeight: "650" },
    defaultRadius: "md",
    breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
    cursorType: "pointer",
    components: {
      Card: {
        defaultProps: { withBorder: bordered, shadow: bordered ? "none" : "sm", radius: "md", padding: "lg" },
      },
      Paper: { defaultProps: { withBorder: bordered, shadow: bordered ? "none" : "xs", radius: "md" } },
      Table: { defaultProps: { highlightOnHover: true, verticalSpacing: "sm" } },
      Tooltip: { defaultProps: { withArrow: true } },
      Modal: { defaultProps: { centered: true } },
    },
  });
}
