import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import {
  IconArrowRight,
  IconBuildingBank,
  IconCategory,
  IconListDetails,
  IconStack2,
  IconUpload,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";

const ITEMS = [
  {
    n: 1,
    icon: IconStack2,
    title: "model:newData.items.scenario.title",
    text: "model:newData.items.scenario.text",
    to: "/model/scenarios",
    action: "model:newData.items.scenario.action",
  },
  {
    n: 2,
    icon: IconBuildingBank,
    title: "model:newData.items.accounts.title",
    text: "model:newData.items.accounts.text",
    to: "/model/scenario/financial-accounts",
    action: "model:newData.open",
  },
  {
    n: 3,
    icon: IconCategory,
    title: "model:newData.items.costPools.title",
    text: "model:newData.items.costPools.text",
    to: "/model/scenario/costpools",
    action: "model:newData.open",
  },
  {
    n: 4,
    icon: IconListDetails,
    title: "model:newData.items.activities.title",
    text: "model:newData.items.activities.text",
    to: "/model/scenario/activities",
    action: "model:newData.open",
  },
  {
    n: 5,
    icon: IconUpload,
    title: "model:newData.items.dimensions.title",
    text: "model:newData.items.dimensions.text",
    to: "/software/dimension/upload",
    action: "model:newData.items.dimensions.action",
  },
];

export default function NewModelDataPage() {
  const { t } = useTranslation();
  const ctx = useAppContext();
  return (
    <RequireModel>
      <PageHeader
        title={t("model:newData.title")}
        description={t("model:newData.subtitle", { model: ctx.model?.name ?? "" })}
        actions={
          <Button variant="default" component={Link} to="/software/docStructure">
            {t("model:software.doc.title")}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {ITEMS.map((item) => (
          <Card key={item.n}>
            <Group justify="space-between" mb="sm">
              <ThemeIcon size={40} variant="light" radius="md">
                <item.icon size={22} aria-hidden />
              </ThemeIcon>
              <Badge variant="outline">{t("model:newData.stepLabel", { n: item.n })}</Badge>
            </Group>
            <Stack gap={4} mb="md">
              <Title order={2} fz="md">
                {t(item.title)}
              </Title>
              <Text fz="sm" c="dimmed">
                {t(item.text)}
              </Text>
            </Stack>
            <Button
              component={Link}
              to={item.to}
              variant="light"
              rightSection={<IconArrowRight size={16} className="cf-flip-rtl" aria-hidden />}
            >
              {t(item.action)}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </RequireModel>
  );
}
