import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconEye, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import type { Subject } from "../../../lib/api-types";
import { useAppContext } from "../../../lib/app-context";
import { APP_SUBJECTS } from "../../../lib/authorization";
import { useSession } from "../../../lib/use-session";

const SUBJECT_INFO: Record<string, { label: string; text: string; to: string }> = {
  Dashboard: {
    label: "app:accessControl.subjects.Dashboard",
    text: "app:accessControl.texts.Dashboard",
    to: "/dashboard",
  },
  Model: { label: "app:accessControl.subjects.Model", text: "app:accessControl.texts.Model", to: "/model" },
  Scenario: {
    label: "app:accessControl.subjects.Scenario",
    text: "app:accessControl.texts.Scenario",
    to: "/model/scenarios",
  },
  Data: {
    label: "app:accessControl.subjects.Data",
    text: "app:accessControl.texts.Data",
    to: "/model/scenario/dimensions",
  },
  Allocation: {
    label: "app:accessControl.subjects.Allocation",
    text: "app:accessControl.texts.Allocation",
    to: "/workflowdashboard",
  },
  Calculation: {
    label: "app:accessControl.subjects.Calculation",
    text: "app:accessControl.texts.Calculation",
    to: "/model/scenarios/calculations",
  },
  Report: {
    label: "app:accessControl.subjects.Report",
    text: "app:accessControl.texts.Report",
    to: "/report",
  },
  Company: {
    label: "app:accessControl.subjects.Company",
    text: "app:accessControl.texts.Company",
    to: "/account",
  },
  Account: {
    label: "app:accessControl.subjects.Account",
    text: "app:accessControl.texts.Account",
    to: "/pages/account-setting",
  },
  Admin: { label: "app:accessControl.subjects.Admin", text: "app:accessControl.texts.Admin", to: "/admin" },
};

const GROUP_LABELS: Record<string, string> = {
  Administrators: "app:groups.Administrators",
  Analysts: "app:groups.Analysts",
  Viewers: "app:groups.Viewers",
};

/** The client's landing page: what the abilities of the selected company let this user reach. */
export default function AccessControlPage() {
  const { t } = useTranslation();
  const { user, ability } = useSession();
  const ctx = useAppContext();
  const membership =
    user?.companies.find((m) => m.company.id === (ctx.company ?? user.selected_company)) ??
    user?.companies[0];
  const level = (s: Subject): Level =>
    ability.can("manage", s) ? "manage" : ability.can("read", s) ? "read" : "none";
  const reachable = APP_SUBJECTS.filter((s) => level(s) !== "none");
  const groupLabel = (name: string) => (GROUP_LABELS[name] ? t(GROUP_LABELS[name]) : name);

  return (
    <>
      <PageHeader
        title={t("app:accessControl.title")}
        description={t("app:accessControl.subtitle", { name: user?.first_name || user?.email || "" })}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <FactCard label={t("app:accessControl.company")}>
          {membership?.company.name ?? t("common:values.none")}
        </FactCard>
        <FactCard label={t("app:accessControl.group")}>
          {membership ? groupLabel(membership.group_name) : t("common:values.none")}
        </FactCard>
        <FactCard label={t("app:accessControl.license")}>
          {membership?.license_type.name ?? t("common:values.none")}
        </FactCard>
      </SimpleGrid>

      <Title order={2} fz="lg" mb="sm">
        {t("app:accessControl.reachTitle")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="xl" data-testid="reachable-areas">
        {reachable.map((s) => (
          <AreaCard key={s} subject={s} level={level(s)} />
        ))}
      </SimpleGrid>

      <Card>
        <Title order={2} fz="lg" mb="sm">
          {t("app:accessControl.matrixTitle")}
        </Title>
        <AccessMatrix level={level} />
        <Stack mt="md" gap={4}>
          <Text fz="xs" c="dimmed">
            {t("app:accessControl.footnote")}
          </Text>
        </Stack>
      </Card>
    </>
  );
}

type Level = "manage" | "read" | "none";

/** One fact of the membership: a small caption over its value. */
function FactCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={650} mt={4}>
        {children}
      </Text>
    </Card>
  );
}

/** An area the user can reach: what it is for, the access level and a link to it. */
function AreaCard({ subject, level }: { subject: Subject; level: Level }) {
  const { t } = useTranslation();
  const info = SUBJECT_INFO[subject]!;
  return (
    <Card>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={650}>{t(info.label)}</Text>
        <Badge variant="light" color={level === "manage" ? "teal" : "blue"}>
          {level === "manage" ? t("app:accessControl.manage") : t("app:accessControl.read")}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {t(info.text)}
      </Text>
      <Button component={Link} to={info.to} variant="light" size="xs">
        {t("common:actions.open")}
      </Button>
    </Card>
  );
}

/** Every area with the user's access to it: none, read or manage. */
function AccessMatrix({ level }: { level: (s: Subject) => Level }) {
  const { t } = useTranslation();
  return (
    <div className="cf-table-wrap">
      <Table miw={420}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("app:accessControl.area")}</Table.Th>
            <Table.Th>{t("app:accessControl.access")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {APP_SUBJECTS.map((s) => {
            const l = level(s);
            return (
              <Table.Tr key={s}>
                <Table.Td>{t(SUBJECT_INFO[s]!.label)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <ThemeIcon
                      size="sm"
                      variant="light"
                      color={l === "none" ? "gray" : l === "manage" ? "teal" : "blue"}
                    >
                      {l === "none" ? (
                        <IconLock size={12} aria-hidden />
                      ) : l === "manage" ? (
                        <IconCheck size={12} aria-hidden />
                      ) : (
                        <IconEye size={12} aria-hidden />
                      )}
                    </ThemeIcon>
                    <Text fz="sm">
                      {l === "none"
                        ? t("app:accessControl.none")
                        : l === "manage"
                          ? t("app:accessControl.manage")
                          : t("app:accessControl.read")}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
