import { Anchor, Breadcrumbs, Text, useDirection } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";

interface CrumbLike {
  label: string;
  to?: string;
}

/** Breadcrumbs from the deepest matched route's `handle.crumbs`. */
export function AppBreadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const { dir } = useDirection();
  const Separator = dir === "rtl" ? IconChevronLeft : IconChevronRight;
  const handle = [...matches]
    .reverse()
    .find((m) => (m.handle as { crumbs?: CrumbLike[] } | undefined)?.crumbs)?.handle as
    | { crumbs?: CrumbLike[] }
    | undefined;
  const crumbs = handle?.crumbs ?? [];
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs
      separator={<Separator size={14} aria-hidden />}
      aria-label={t("common:a11y.breadcrumbs")}
      data-testid="breadcrumbs"
      style={{ flexWrap: "wrap" }}
    >
      <Anchor component={Link} to="/dashboard" fz="sm">
        {t("common:nav.home")}
      </Anchor>
      {crumbs.map((c, i) =>
        c.to && i < crumbs.length - 1 ? (
          <Anchor key={c.label} component={Link} to={c.to} fz="sm">
            {t(c.label)}
          </Anchor>
        ) : (
          <Text key={c.label} fz="sm" c="dimmed">
            {t(c.label)}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
