import { Select } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { selectCompany, useAppContext } from "../lib/app-context";
import { notifyError } from "../lib/notify";
import { useSession } from "../lib/use-session";
import { fetchMe, saveSettings } from "../lib/user-settings";

/** Switches the selected company: abilities follow the membership, so user data is reloaded. */
export function CompanySwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const ctx = useAppContext();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const companies = user?.companies ?? [];
  if (companies.length === 0) return null;
  const current = ctx.company ?? user?.selected_company ?? companies[0]?.company.id ?? null;

  const change = async (value: string | null) => {
    if (!value) return;
    const id = Number(value);
    if (id === current) return;
    setBusy(true);
    try {
      await saveSettings({ selected_company: id });
      selectCompany(id);
      await fetchMe();
      await queryClient.invalidateQueries();
    } catch {
      notifyError(t("common:messages.pleaseTryAgain"), t("common:messages.error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Select
      aria-label={t("common:company.switch")}
      data-testid="company-switcher"
      size="sm"
      w={fullWidth ? "100%" : { base: 170, md: 240, lg: 280 }}
      dir="auto"
      leftSection={<IconBuilding size={16} aria-hidden />}
      data={companies.map((m) => ({ value: String(m.company.id), label: m.company.name }))}
      value={current === null ? null : String(current)}
      onChange={(v) => void change(v)}
      disabled={busy}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
