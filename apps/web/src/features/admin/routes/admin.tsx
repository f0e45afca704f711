import { Anchor, Badge, Card, SimpleGrid, Text, Title } from "@mantine/core";
import { IconBuilding, IconMail, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import type { OutboxEmail } from "../../../lib/api-types";
import { useSession } from "../../../lib/use-session";
import { getOutbox, OUTBOX_KEY } from "../api/get-outbox";
import { OutboxEmailDrawer } from "../components/outbox-email-drawer";

export default function AdminPage() {
  const { t } = useTranslation();
  const [openId, setOpenId] = useState<number | null>(null);

  return (
    <>
      <PageHeader title={t("app:admin.title")} description={t("app:admin.subtitle")} />
      <AdminSummary />
      <OutboxTable onOpen={setOpenId} />
      <OutboxEmailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

/** Three cards: the user's companies, where members are managed, and the outbox. */
function AdminSummary() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
      <Card>
        <IconBuilding size={22} aria-hidden />
        <Text fw={650} mt="xs">
          {t("app:admin.companies")}
        </Text>
        <Text fz="sm" c="dimmed">
          {t("app:admin.companiesText", { count: user?.companies.length ?? 0 })}
        </Text>
      </Card>
      <Card>
        <IconUsers size={22} aria-hidden />
        <Text fw={650} mt="xs">
          {t("app:admin.members")}
        </Text>
        <Text fz="sm" c="dimmed">
          {t("app:admin.membersText")}
        </Text>
        <Anchor component={Link} to="/account" fz="sm">
          {t("common:nav.myAccount")}
        </Anchor>
      </Card>
      <Card>
        <IconMail size={22} aria-hidden />
        <Text fw={650} mt="xs">
          {t("app:admin.outbox")}
        </Text>
        <Text fz="sm" c="dimmed">
          {t("app:admin.outboxText")}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/** The e-mails the app sent (newest first); a subject opens the e-mail. */
function OutboxTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="lg" mb="md">
        {t("app:admin.outbox")}
      </Title>
      <ApiTable<OutboxEmail>
        queryKey={OUTBOX_KEY}
        fetcher={getOutbox}
        searchable
        searchPlaceholder={t("app:admin.filterTo")}
        defaultSort={[{ id: "created_at", desc: true }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("app:admin.outboxEmpty")}
        testId="outbox-table"
        columns={[
          { id: "created_at", header: t("app:admin.sentAt"), kind: "datetime", sortable: true },
          {
            id: "to",
            header: t("app:admin.to"),
            sortable: true,
            cell: (r) => <span dir="ltr">{r.to}</span>,
          },
          {
            id: "subject",
            header: t("app:admin.subject"),
            cell: (r) => (
              <Anchor component="button" type="button" fz="sm" onClick={() => onOpen(r.id)} ta="start">
                {r.subject}
              </Anchor>
            ),
          },
          {
            id: "transport",
            header: t("app:admin.transport"),
            cell: (r) => <Badge variant="light">{r.transport}</Badge>,
          },
        ]}
      />
    </Card>
  );
}
