import { Alert, Button, Group, Select, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state";
import { ApiError } from "../../../lib/api-client";
import type { CompanyRequest, Me, RequestStatus } from "../../../lib/api-types";
import { formatDate } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useCreateCompanyRequest } from "../api/create-company-request";
import { useCompanyRequests } from "../api/get-company-requests";
import { useRespondCompanyRequest } from "../api/respond-company-request";
import { AnswerButtons } from "./answer-buttons";
import { GROUPS } from "./groups";
import { RequestStatusBadge } from "./request-status-badge";

export function CompanyRequestsPanel({ user }: { user: Me }) {
  const { t } = useTranslation();
  const { data, isError } = useCompanyRequests();
  const rows = data?.results ?? [];

  return (
    <Stack gap="lg">
      <CompanyRequestForm />
      {isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {t("common:messages.somethingFailed")}
        </Alert>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t("app:account.noRequests")} />
      ) : (
        <CompanyRequestsTable rows={rows} userId={user.id} />
      )}
    </Stack>
  );
}

/** Asking to join a company by its name. */
function CompanyRequestForm() {
  const { t } = useTranslation();
  const create = useCreateCompanyRequest();
  const [company, setCompany] = useState("");
  const [error, setError] = useState<string | undefined>();

  const send = (e: React.FormEvent) => {
    e.preventDefault();
    if (!company.trim()) {
      setError(t("common:validation.required"));
      return;
    }
    create.mutate(
      { company_name: company.trim() },
      {
        onSuccess: () => {
          setCompany("");
          notifySuccess(t("app:account.requestSent"));
        },
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : t("common:messages.somethingFailed")),
      },
    );
  };

  return (
    <form onSubmit={send} noValidate>
      <Title order={3} fz="md" mb={4}>
        {t("app:account.requestTitle")}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t("app:account.requestText")}
      </Text>
      <Group align="flex-start" gap="sm">
        <TextInput
          aria-label={t("auth:fields.companyName")}
          placeholder={t("auth:fields.companyName")}
          value={company}
          onChange={(e) => {
            setCompany(e.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          style={{ flex: "1 1 260px" }}
        />
        <Button type="submit" loading={create.isPending}>
          {t("app:account.sendRequest")}
        </Button>
      </Group>
    </form>
  );
}

/** The requests the user sent and received; a pending one from someone else can be answered,
 * choosing the group the newcomer joins. */
function CompanyRequestsTable({ rows, userId }: { rows: CompanyRequest[]; userId: Me["id"] }) {
  const { t, i18n } = useTranslation();
  const respond = useRespondCompanyRequest();
  const [groups, setGroups] = useState<Record<number, string>>({});

  const answer = (r: CompanyRequest, a: "accept" | "decline") =>
    respond.mutate(
      { id: r.id, answer: a, group_name: groups[r.id] ?? "Analysts" },
      {
        onSuccess: () => notifySuccess(t("common:messages.savedSuccessfully")),
        onError: (err) =>
          notifyError(err instanceof ApiError ? err.message : t("common:messages.somethingFailed")),
      },
    );

  return (
    <div className="cf-table-wrap">
      <Table miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("app:account.company")}</Table.Th>
            <Table.Th>{t("app:account.user")}</Table.Th>
            <Table.Th>{t("app:account.date")}</Table.Th>
            <Table.Th>{t("app:account.status")}</Table.Th>
            <Table.Th>{t("common:table.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td fw={500}>{r.company.name}</Table.Td>
              <Table.Td dir="ltr">{r.user.email}</Table.Td>
              <Table.Td>{formatDate(r.created_at, i18n.language)}</Table.Td>
              <Table.Td>
                <RequestStatusBadge status={r.status as RequestStatus} />
              </Table.Td>
              <Table.Td>
                {r.user.id !== userId && r.status === "PENDING" && (
                  <Group gap={6} wrap="nowrap">
                    <Select
                      size="xs"
                      w={130}
                      aria-label={t("app:account.group")}
                      data={GROUPS.map((g) => ({ value: g.value, label: t(g.label) }))}
                      value={groups[r.id] ?? "Analysts"}
                      onChange={(v) => setGroups((prev) => ({ ...prev, [r.id]: v ?? "Analysts" }))}
                      allowDeselect={false}
                    />
                    <AnswerButtons onAnswer={(a) => answer(r, a)} sending={respond.isPending} />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
