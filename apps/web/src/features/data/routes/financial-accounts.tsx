import { Button, Card } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { useAppContext } from "../../../lib/app-context";
import type { PageParams } from "../../../lib/paged";
import {
  FINANCIAL_ACCOUNTS_KEY,
  type FinancialAccountRow,
  getFinancialAccounts,
} from "../api/get-financial-accounts";
import { ScopeNote } from "../components/scope-note";

function Accounts({ scenario, currency }: { scenario: number; currency: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("model:accounts.title")}
        description={t("model:accounts.subtitle")}
        actions={
          <Button
            component={Link}
            to="/model/new/data"
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t("model:data.loadData")}
          </Button>
        }
      />
      <ScopeNote>{t("model:accounts.scope")}</ScopeNote>
      <Card>
        <ApiTable<FinancialAccountRow>
          queryKey={[...FINANCIAL_ACCOUNTS_KEY, scenario]}
          fetcher={(p: PageParams) => getFinancialAccounts(scenario, p)}
          searchable
          searchPlaceholder={t("common:messages.searchAccount")}
          defaultSort={[{ id: "ID", desc: false }]}
          emptyTitle={t("common:messages.noResults")}
          emptyDescription={t("model:accounts.empty")}
          testId="accounts-table"
          columns={[
            { id: "ID", header: t("model:accounts.id"), sortable: true },
            { id: "name", header: t("model:accounts.name"), sortable: true },
            { id: "expense_group", header: t("model:accounts.expenseGroup"), sortable: true },
            { id: "amount", header: t("model:accounts.amount"), kind: "currency", currency },
          ]}
        />
      </Card>
    </>
  );
}

export default function FinancialAccountsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.scenario && <Accounts scenario={ctx.scenario.id} currency="EUR" />}
    </RequireScenario>
  );
}
