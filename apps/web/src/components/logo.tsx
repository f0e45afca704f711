import { Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

function LogoMark({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
      <path
        d="M9 22V10h5.5a4 4 0 0 1 0 8H9m9.5 4 5.5-12"
        stroke="#fff"
        strokeWidth="2.6"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ to = "/home", inverted = false }: { to?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      style={{ textDecoration: "none", color: inverted ? "#fff" : "inherit" }}
      aria-label={t("common:a11y.homeLink")}
    >
      <Group gap={8} wrap="nowrap">
        <LogoMark />
        <Text fw={750} fz="lg" lts={-0.3}>
          {t("common:brand")}
        </Text>
      </Group>
    </Link>
  );
}
