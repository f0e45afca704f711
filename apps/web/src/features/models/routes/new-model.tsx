import { Card, Grid, List, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBulb } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCreateFromTemplate } from "../api/create-from-template";
import { useCreateModel } from "../api/create-model";
import { ModelForm } from "../components/model-form";
import { TemplateCards } from "../components/template-cards";
import { useSelectCreated } from "../components/use-select-created";
import { useSelectModel } from "../components/use-select-model";

const TIPS = [
  "model:newModel.tips.t1",
  "model:newModel.tips.t2",
  "model:newModel.tips.t3",
  "model:newModel.tips.t4",
];

export default function NewModelPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromTemplate = useCreateFromTemplate();
  const selectCreated = useSelectCreated();
  const [busyTemplate, setBusyTemplate] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={t("model:newModel.title")} description={t("model:newModel.subtitle")} />
      <Title order={2} fz="lg" mb="xs">
        {t("data:templates.title")}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {t("data:templates.subtitle")}
      </Text>
      <TemplateCards
        busyId={busyTemplate}
        onChoose={(tpl) => {
          setBusyTemplate(tpl.id);
          fromTemplate.mutate(
            { template: tpl.id },
            {
              onSuccess: async (m) => {
                notifySuccess(t("common:messages.itemCreated", { item: m.name }));
                await selectCreated({ model: m.id, scenario: m.scenario });
                setBusyTemplate(null);
                navigate("/model/scenarios");
              },
              onError: () => {
                setBusyTemplate(null);
                notifyError(t("common:messages.saveFailed"));
              },
            },
          );
        }}
      />
      <Title order={2} fz="lg" mt="xl" mb="md">
        {t("data:templates.orBlank")}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <BlankModelCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <NewModelTips />
        </Grid.Col>
      </Grid>
    </>
  );
}

/** A model from nothing: its name and description, then its data (/model/new/data). */
function BlankModelCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateModel();
  const select = useSelectModel();
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {t("model:newModel.blankTitle")}
      </Title>
      <ModelForm
        submitLabel={t("model:newModel.submit")}
        loading={create.isPending}
        onSubmit={(values, fail) =>
          create.mutate(values, {
            onSuccess: (m) => {
              notifySuccess(t("common:messages.itemCreated", { item: m.name }));
              select(m, true);
              navigate("/model/new/data");
            },
            onError: fail,
          })
        }
      />
    </Card>
  );
}

function NewModelTips() {
  const { t } = useTranslation();
  return (
    <Card>
      <Stack gap="sm">
        <ThemeIcon variant="light" color="yellow" size={36} radius="md">
          <IconBulb size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t("model:newModel.tipsTitle")}
        </Title>
        <List spacing="xs" fz="sm">
          {TIPS.map((tip) => (
            <List.Item key={tip}>{t(tip)}</List.Item>
          ))}
        </List>
        <Text fz="xs" c="dimmed">
          {t("model:newModel.templatesNote")}
        </Text>
      </Stack>
    </Card>
  );
}
