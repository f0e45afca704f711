import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconBuilding } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import type { Membership } from "../../../lib/api-types";
import { useAppContext } from "../../../lib/app-context";
import { useCompanies } from "../api/get-companies";
import { groupLabel } from "./groups";

export function MembershipsCard({ fallback }: { fallback: Membership[] }) {
  const { t } = useTranslation();
  const ctx = useAppContext();
  const { data } = useCompanies();
  const memberships = data ?? fallback;
  return (
    <Card h="100%">
      <Title order={2} fz="lg" mb="md">
        {t("app:account.memberships")}
      </Title>
      {memberships.length === 0 ? (
        <EmptyState
          title={t("app:account.noMemberships")}
          icon={<IconBuilding size={28} stroke={1.5} aria-hidden />}
        />
      ) : (
        <Stack gap="sm" data-testid="memberships">
          {memberships.map((m) => (
            <Group key={m.company.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text fw={600} truncate>
                    {m.company.name}
                  </Text>
                  {ctx.company === m.company.id && (
                    <Badge size="xs" variant="light" color="teal">
                      {t("common:actions.selected")}
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {t("app:account.membershipLine", {
                    group: groupLabel(t, m.group_name),
                    license: m.license_type.name,
                  })}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
