import { Card, Grid, Tabs } from "@mantine/core";
import { IconMailPlus, IconSend, IconUsersPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/page-header";
import { useAppContext } from "../../../lib/app-context";
import { useSession } from "../../../lib/use-session";
import { CompanyRequestsPanel } from "../components/company-requests-panel";
import { InvitePanel, MyInvitationsPanel } from "../components/invitations-panel";
import { MembershipsCard } from "../components/memberships-card";
import { ProfileCard } from "../components/profile-card";

export default function AccountPage() {
  const { t } = useTranslation();
  const { user, ability } = useSession();
  const ctx = useAppContext();
  if (!user) return null;
  const companyId = ctx.company ?? user.selected_company ?? user.companies[0]?.company.id ?? null;
  const membership = user.companies.find((m) => m.company.id === companyId);
  const isCompanyAdmin =
    !!membership &&
    (user.role === "admin" || membership.group_name === "Administrators" || ability.can("manage", "Company"));

  return (
    <>
      <PageHeader title={t("app:account.title")} description={t("app:account.subtitle")} />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <MembershipsCard fallback={user.companies} />
        </Grid.Col>
      </Grid>
      <Card>
        <Tabs defaultValue="requests" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="requests" leftSection={<IconSend size={16} aria-hidden />}>
              {t("app:account.requestsTab")}
            </Tabs.Tab>
            <Tabs.Tab value="invitations" leftSection={<IconMailPlus size={16} aria-hidden />}>
              {t("app:account.invitationsTab")}
            </Tabs.Tab>
            {isCompanyAdmin && membership && (
              <Tabs.Tab value="invite" leftSection={<IconUsersPlus size={16} aria-hidden />}>
                {t("app:account.inviteTab")}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="requests">
            <CompanyRequestsPanel user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="invitations">
            <MyInvitationsPanel />
          </Tabs.Panel>
          {isCompanyAdmin && membership && (
            <Tabs.Panel value="invite">
              <InvitePanel company={membership.company.id} companyName={membership.company.name} />
            </Tabs.Panel>
          )}
        </Tabs>
      </Card>
    </>
  );
}
