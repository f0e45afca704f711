import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { EmptyState } from "../../../components/empty-state";
import { ApiError } from "../../../lib/api-client";
import type { CompanyInvitation, RequestStatus } from "../../../lib/api-types";
import { formatDate } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { errorText, useZodForm } from "../../../lib/use-zod-form";
import { useCreateCompanyInvitation } from "../api/create-company-invitation";
import { useCompanyInvitations } from "../api/get-company-invitations";
import { useRespondCompanyInvitation } from "../api/respond-company-invitation";
import { AnswerButtons } from "./answer-buttons";
import { GROUPS, groupLabel } from "./groups";
import { RequestStatusBadge } from "./request-status-badge";

function InvitationTable({ rows, mine }: { rows: CompanyInvitation[]; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const respond = useRespondCompanyInvitation();
  const answer = (id: number, a: "accept" | "decline") =>
    respond.mutate(
      { id, answer: a },
      {
        onSuccess: () => notifySuccess(t("common:messages.savedSuccessfully")),
        onError: (err) =>
          notifyError(err instanceof ApiError ? err.message : t("common:messages.somethingFailed")),
      },
    );
  return (
    <div className="cf-table-wrap">
      <Table miw={600}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("app:account.company")}</Table.Th>
            <Table.Th>{t("auth:fields.email")}</Table.Th>
            <Table.Th>{t("app:account.group")}</Table.Th>
            <Table.Th>{t("app:account.date")}</Table.Th>
            <Table.Th>{t("app:account.status")}</Table.Th>
            {mine && <Table.Th>{t("common:table.actions")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td fw={500}>{r.company.name}</Table.Td>
              <Table.Td dir="ltr">{r.email}</Table.Td>
              <Table.Td>{groupLabel(t, r.group_name)}</Table.Td>
              <Table.Td>{formatDate(r.created_at, i18n.language)}</Table.Td>
              <Table.Td>
                <RequestStatusBadge status={r.status as RequestStatus} />
              </Table.Td>
              {mine && (
                <Table.Td>
                  {r.status === "PENDING" && (
                    <Group gap={6} wrap="nowrap">
                      <AnswerButtons onAnswer={(a) => answer(r.id, a)} sending={respond.isPending} />
                    </Group>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Invitations addressed to me, with accept / decline. */
export function MyInvitationsPanel() {
  const { t } = useTranslation();
  const { data, isError } = useCompanyInvitations();
  const rows = data?.results ?? [];
  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t("app:account.myInvitationsText")}
      </Text>
      {isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t("common:messages.somethingFailed")}
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t("app:account.noInvitations")} />
      ) : (
        <InvitationTable rows={rows} mine />
      )}
    </Stack>
  );
}

const schema = z.object({
  email: z.string().trim().min(1, "common:validation.required").email("common:validation.email"),
  group_name: z.string().min(1, "common:validation.required"),
});

/** Administrators invite an e-mail address into the selected company. */
export function InvitePanel({ company, companyName }: { company: number; companyName: string }) {
  const { t } = useTranslation();
  const create = useCreateCompanyInvitation();
  const { data } = useCompanyInvitations(company);
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(schema, { email: "", group_name: "Analysts" });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = form.validate();
    if (!v) return;
    create.mutate(
      { company, ...v },
      {
        onSuccess: () => {
          setSent(v.email);
          form.reset({ email: "", group_name: v.group_name });
        },
        onError: (err) => form.applyApiError(err, t("common:messages.somethingFailed")),
      },
    );
  };

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate data-testid="invite-form">
        <Title order={3} fz="md" mb={4}>
          {t("app:account.inviteTitle", { company: companyName })}
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          {t("app:account.inviteText")}
        </Text>
        {sent && (
          <Alert color="teal" variant="light" mb="sm">
            {t("app:account.inviteSent", { email: sent })}
          </Alert>
        )}
        {form.errors.form && (
          <Alert color="red" variant="light" mb="sm" icon={<IconAlertCircle aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <Group align="flex-start" gap="sm">
          <TextInput
            aria-label={t("auth:fields.email")}
            placeholder={t("auth:fields.email")}
            type="email"
            dir="ltr"
            value={form.values.email}
            onChange={(e) => form.setValue("email", e.currentTarget.value)}
            error={errorText(t, form.errors.email)}
            style={{ flex: "1 1 240px" }}
          />
          <Select
            aria-label={t("app:account.group")}
            data={GROUPS.map((g) => ({ value: g.value, label: t(g.label) }))}
            value={form.values.group_name}
            onChange={(v) => form.setValue("group_name", v ?? "Analysts")}
            allowDeselect={false}
            w={180}
          />
          <Button type="submit" loading={create.isPending}>
            {t("app:account.sendInvitation")}
          </Button>
        </Group>
      </form>
      <Title order={3} fz="md">
        {t("app:account.companyInvitations")}
      </Title>
      {(data?.results ?? []).length === 0 ? (
        <EmptyState title={t("app:account.noInvitations")} />
      ) : (
        <InvitationTable rows={data?.results ?? []} mine={false} />
      )}
    </Stack>
  );
}
