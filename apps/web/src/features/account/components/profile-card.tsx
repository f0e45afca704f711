import { Alert, Avatar, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Me } from "../../../lib/api-types";
import { notifySuccess } from "../../../lib/notify";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useUpdateProfile } from "../api/update-profile";

const required = "common:validation.required";
const schema = z.object({
  first_name: z.string().trim().min(1, required),
  last_name: z.string().trim().min(1, required),
  email: z.string().trim().min(1, required).email("common:validation.email"),
});

export function ProfileCard({ user }: { user: Me }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm(schema, {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    update.mutate(v, {
      onSuccess: () => notifySuccess(t("common:messages.savedSuccessfully")),
      onError: (error) => form.applyApiError(error, t("common:messages.saveFailed")),
    });
  };

  return (
    <Card h="100%">
      <Group mb="md" wrap="nowrap">
        <Avatar color="indigo" radius="xl" size={52}>
          {`${user.first_name[0] ?? ""}${user.last_name[0] ?? ""}`.toUpperCase() ||
            user.email[0]?.toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg">
            {t("app:account.profile")}
          </Title>
          <Text fz="sm" c="dimmed">
            {t("app:account.role", {
              role: user.role === "admin" ? t("app:roles.admin") : t("app:roles.client"),
            })}
          </Text>
        </Stack>
      </Group>
      <form onSubmit={submit} noValidate data-testid="profile-form">
        <Stack gap="sm">
          {form.errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {form.errors.form}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput
              label={t("auth:fields.firstName")}
              value={form.values.first_name}
              onChange={(e) => form.setValue("first_name", e.currentTarget.value)}
              error={errorText(t, form.errors.first_name)}
              required
            />
            <TextInput
              label={t("auth:fields.lastName")}
              value={form.values.last_name}
              onChange={(e) => form.setValue("last_name", e.currentTarget.value)}
              error={errorText(t, form.errors.last_name)}
              required
            />
          </Group>
          <TextInput
            label={t("auth:fields.email")}
            type="email"
            dir="ltr"
            value={form.values.email}
            onChange={(e) => form.setValue("email", e.currentTarget.value)}
            error={errorText(t, form.errors.email)}
            required
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t("common:actions.saveChanges")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
