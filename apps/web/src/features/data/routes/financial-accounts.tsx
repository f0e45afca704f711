import type { FinancialAccountRow } from "@costflow/contract/cost";
import { Button, Card, Group, Menu, Modal, Stack, Text } from "@mantine/core";
import { IconDownload, IconPlus, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { PageHeader } from "../../../components/page-header";
import { RequireScenario } from "../../../components/require-context";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { useScenario } from "../../../lib/api/get-scenario";
import { useAppContext } from "../../../lib/app-context";
import { formatCurrency } from "../../../lib/format";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeleteAccount } from "../api/delete-account";
import { downloadText } from "../api/download-file";
import { useAmountSum } from "../api/get-amount-sum";
import { FINANCIAL_ACCOUNTS_KEY, getFinancialAccounts } from "../api/get-financial-accounts";
import { useSaveAccount } from "../api/save-account";
import { useSaveAccountValue } from "../api/save-account-value";
import { AccountForm } from "../components/account-form";
import { InlineAmount } from "../components/inline-amount";
import { savedAndClosed } from "../components/saved-and-closed";
import { ScopeNote } from "../components/scope-note";
import { UploadDialog } from "../components/upload-dialog";

function Accounts({ model, scenario }: { model: number; scenario: number }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<FinancialAccountRow | "new" | null>(null);
  const [uploading, setUploading] = useState<UploadKind | null>(null);

  return (
    <>
      <PageHeader
        title={t("model:accounts.title")}
        description={t("model:accounts.subtitle")}
        actions={
          <AccountsActions
            model={model}
            scenario={scenario}
            onUpload={setUploading}
            onCreate={() => setEditing("new")}
          />
        }
      />
      <ScopeNote>{t("model:accounts.scope")}</ScopeNote>
      <AccountsTable scenario={scenario} onEdit={setEditing} />

      <AccountModal editing={editing} model={model} onClose={() => setEditing(null)} />
      <UploadDialog
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={t(
          uploading === "ACCOUNT_VALUES"
            ? "model:software.kinds.accountValues"
            : "model:software.kinds.accounts",
        )}
        scenario={scenario}
        kind={uploading ?? "ACCOUNTS"}
        refreshKeys={[FINANCIAL_ACCOUNTS_KEY]}
      />
    </>
  );
}

type UploadKind = "ACCOUNTS" | "ACCOUNT_VALUES";

/** Download (template or data file), upload (accounts or their values) and create. */
function AccountsActions({
  model,
  scenario,
  onUpload,
  onCreate,
}: {
  model: number;
  scenario: number;
  onUpload: (kind: UploadKind) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  const download = (kind: "template" | "data") => {
    const path =
      kind === "template"
        ? "cost/financial-accounts/get-template-file/"
        : "cost/financial-accounts/get-data-file/";
    const params = kind === "template" ? { model } : { model, scenario };
    // Download failures are only logged.
    downloadText(
      path,
      params,
      kind === "template" ? "financial_accounts_template.csv" : "financial_accounts.csv",
    ).catch((error: unknown) => console.error(error));
  };

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
            {t("common:actions.download")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => download("template")}>{t("data:accounts.templateFile")}</Menu.Item>
          <Menu.Item onClick={() => download("data")}>{t("data:accounts.dataFile")}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
            data-testid="accounts-upload"
          >
            {t("common:actions.upload")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onUpload("ACCOUNTS")}>{t("model:software.kinds.accounts")}</Menu.Item>
          <Menu.Item onClick={() => onUpload("ACCOUNT_VALUES")}>
            {t("model:software.kinds.accountValues")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button
        leftSection={<IconPlus size={16} aria-hidden />}
        onClick={onCreate}
        data-testid="create-account"
      >
        {t("data:accounts.create")}
      </Button>
    </>
  );
}

function useConfirmDeleteAccount() {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  return (row: FinancialAccountRow) =>
    openTypedConfirm({
      title: t("data:accounts.deleteTitle"),
      text: t("data:accounts.deleteText", { name: row.name }),
      word: row.ID,
      onConfirm: () =>
        remove.mutate(row.account_id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: row.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });
}

/** The accounts with their total; an amount is edited in its cell. */
function AccountsTable({
  scenario,
  onEdit,
}: {
  scenario: number;
  onEdit: (row: FinancialAccountRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const currency = useScenario(scenario).data?.currency ?? "EUR";
  const sum = useAmountSum(scenario);
  const confirmDelete = useConfirmDeleteAccount();
  const saveValue = useSaveAccountValue();

  return (
    <Card>
      <Group justify="flex-end" mb="sm" gap="xs">
        <Text fz="sm" c="dimmed">
          {t("data:accounts.total")}
        </Text>
        <Text fz="lg" fw={700} className="cf-num" data-testid="accounts-total">
          {sum.data ? formatCurrency(sum.data.total, lang, currency) : "—"}
        </Text>
      </Group>
      <ApiTable<FinancialAccountRow>
        queryKey={[...FINANCIAL_ACCOUNTS_KEY, scenario]}
        fetcher={(p: PageParams) => getFinancialAccounts(scenario, p)}
        searchable
        searchPlaceholder={t("common:messages.searchAccount")}
        defaultSort={[{ id: "ID", desc: false }]}
        emptyTitle={t("common:messages.noResults")}
        emptyDescription={t("model:accounts.empty")}
        getRowId={(r) => String(r.account_id)}
        testId="accounts-table"
        columns={[
          { id: "ID", header: t("model:accounts.id"), sortable: true },
          { id: "name", header: t("model:accounts.name"), sortable: true },
          { id: "expense_group", header: t("model:accounts.expenseGroup"), sortable: true },
          {
            id: "amount",
            header: t("model:accounts.amount"),
            sortable: true,
            cell: (r) => (
              <InlineAmount
                value={r.amount ?? null}
                display={
                  r.amount === null || r.amount === undefined ? "" : formatCurrency(r.amount, lang, currency)
                }
                label={t("data:accounts.editAmount", { name: r.name })}
                testId={`amount-${r.ID}`}
                onSave={(amount) =>
                  saveValue.mutateAsync(
                    { scenario, account: r.account_id, valueId: r.value_id ?? null, amount },
                    { onSuccess: () => notifySuccess(t("common:messages.savedSuccessfully")) },
                  )
                }
              />
            ),
          },
          {
            id: "actions",
            header: t("common:table.actions"),
            cell: (r) => (
              <Group gap={4} wrap="nowrap">
                <EditDeleteButtons onEdit={() => onEdit(r)} onDelete={() => confirmDelete(r)} />
              </Group>
            ),
          },
        ]}
      />
    </Card>
  );
}

function AccountModal({
  editing,
  model,
  onClose,
}: {
  editing: FinancialAccountRow | "new" | null;
  model: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAccount();
  const current = editing === "new" ? null : editing;
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={current ? t("data:accounts.edit") : t("data:accounts.create")}
    >
      <Stack>
        {editing !== null && (
          <AccountForm
            initial={
              current
                ? { ID: current.ID, name: current.name, expense_group: current.expense_group }
                : undefined
            }
            loading={save.isPending}
            onCancel={onClose}
            onSubmit={(values, fail) =>
              save.mutate(
                { ...values, model, id: current?.account_id },
                savedAndClosed(t, current !== null, onClose, fail),
              )
            }
          />
        )}
      </Stack>
    </Modal>
  );
}

export default function FinancialAccountsPage() {
  const ctx = useAppContext();
  return (
    <RequireScenario>
      {ctx.model && ctx.scenario && <Accounts model={ctx.model.id} scenario={ctx.scenario.id} />}
    </RequireScenario>
  );
}
