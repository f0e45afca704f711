// The model templates (distribution, manufacturing, professional services) as cards; choosing one
// copies its data, rules and scenario into a new model.
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconBriefcase, IconBuildingFactory2, IconTruckDelivery } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { formatInteger } from "../../../lib/format";
import type { ModelTemplate } from "../api/get-templates";
import { useModelTemplates } from "../api/get-templates";

const ICONS: Record<ModelTemplate["id"], ComponentType<{ size?: number; "aria-hidden"?: boolean }>> = {
  distribution: IconTruckDelivery,
  manufacturing: IconBuildingFactory2,
  "professional-services": IconBriefcase,
};

export function TemplateCards({
  busyId,
  onChoose,
}: {
  busyId: string | null;
  onChoose: (template: ModelTemplate) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const templates = useModelTemplates(lang);
  if (templates.isLoading)
    return (
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {[1, 2, 3].map((k) => (
          <Skeleton key={k} h={200} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (templates.isError)
    return (
      <Text c="red" fz="sm">
        {t("common:messages.errorSomethingHappen")}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" data-testid="template-cards">
      {(templates.data?.results ?? []).map((tpl) => {
        const Icon = ICONS[tpl.id];
        return (
          <Card key={tpl.id} withBorder data-testid={`template-${tpl.id}`}>
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <ThemeIcon variant="light" size={40} radius="md">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="md">
                  {tpl.name}
                </Title>
                <Text fz="sm" c="dimmed">
                  {tpl.short_description}
                </Text>
                <Group gap={6}>
                  <Badge variant="light">
                    {t("data:templates.accounts", { n: formatInteger(tpl.counts.accounts, lang) })}
                  </Badge>
                  <Badge variant="light">
                    {t("data:templates.pools", { n: formatInteger(tpl.counts.cost_pools, lang) })}
                  </Badge>
                  <Badge variant="light">
                    {t("data:templates.activities", { n: formatInteger(tpl.counts.activities, lang) })}
                  </Badge>
                  <Badge variant="light">
                    {t("data:templates.dimensions", { n: formatInteger(tpl.counts.dimensions, lang) })}
                  </Badge>
                </Group>
              </Stack>
              <Button
                onClick={() => onChoose(tpl)}
                loading={busyId === tpl.id}
                disabled={busyId !== null && busyId !== tpl.id}
                data-testid={`use-template-${tpl.id}`}
              >
                {t("data:templates.use")}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
