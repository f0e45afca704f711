import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { RequireModel } from "../../../components/require-context";
import { ApiError } from "../../../lib/api-client";
import { useAppContext } from "../../../lib/app-context";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { getDimensions, SOFTWARE_DIMENSIONS_KEY } from "../api/get-dimensions";
import { type DriverDataType, useSaveDimension } from "../api/save-dimension";

const TYPES: { value: DriverDataType; label: string }[] = [
  { value: "DECI", label: "model:software.dimEdit.types.decimal" },
  { value: "TEXT", label: "model:software.dimEdit.types.text" },
  { value: "DATE", label: "model:software.dimEdit.types.date" },
];

interface DriverDraft {
  key: number;
  name: string;
  data_type: DriverDataType;
  is_pnl_line: boolean;
}

/** The new dimension: its title, parent and drivers; `submit` checks and saves it. */
function useDimensionDraft(model: number) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDimension();
  const [title, setTitle] = useState("");
  const [pid, setPid] = useState<string | null>(null);
  const [drivers, setDrivers] = useState<DriverDraft[]>([
    { key: 1, name: "", data_type: "DECI", is_pnl_line: false },
  ]);
  const [errors, setErrors] = useState<{ title?: string; drivers?: string }>({});

  const update = (key: number, patch: Partial<DriverDraft>) =>
    setDrivers((ds) => ds.map((d) => (d.key === key ? { ...d, ...patch } : d)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!title.trim()) next.title = t("common:validation.required");
    const named = drivers.filter((d) => d.name.trim());
    if (named.length === 0) next.drivers = t("common:messages.createDriverFirst");
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate(
      {
        model,
        title: title.trim(),
        pid: pid ? Number(pid) : null,
        drivers: named.map((d) => ({
          name: d.name.trim(),
          data_type: d.data_type,
          is_pnl_line: d.is_pnl_line,
        })),
      },
      {
        onSuccess: () => {
          notifySuccess(t("common:messages.savedSuccessfully"));
          navigate("/software/dimension/list");
        },
        onError: (err) =>
          notifyError(
            err instanceof ApiError && err.message ? err.message : t("common:messages.pleaseTryAgain"),
            t("common:messages.saveFailed"),
          ),
      },
    );
  };

  const add = () =>
    setDrivers((ds) => [
      ...ds,
      {
        key: Math.max(0, ...ds.map((x) => x.key)) + 1,
        name: "",
        data_type: "DECI",
        is_pnl_line: false,
      },
    ]);
  const remove = (key: number) => setDrivers((ds) => ds.filter((x) => x.key !== key));

  return {
    title,
    setTitle,
    pid,
    setPid,
    drivers,
    errors,
    update,
    add,
    remove,
    submit,
    saving: save.isPending,
  };
}

/** One row per driver: its name, type and P&L flag; the last one cannot be removed. */
function DriverDraftsTable({
  drivers,
  onUpdate,
  onRemove,
}: {
  drivers: DriverDraft[];
  onUpdate: (key: number, patch: Partial<DriverDraft>) => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cf-table-wrap">
      <Table miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("model:dimensionData.driverName")}</Table.Th>
            <Table.Th>{t("model:dimensionData.dataType")}</Table.Th>
            <Table.Th>{t("model:dimensionData.pnlLine")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {drivers.map((d) => (
            <Table.Tr key={d.key}>
              <Table.Td>
                <TextInput
                  aria-label={t("model:dimensionData.driverName")}
                  value={d.name}
                  onChange={(e) => onUpdate(d.key, { name: e.currentTarget.value })}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t("model:dimensionData.dataType")}
                  data={TYPES.map((x) => ({ value: x.value, label: t(x.label) }))}
                  value={d.data_type}
                  onChange={(v) => onUpdate(d.key, { data_type: (v as DriverDataType | null) ?? "DECI" })}
                  allowDeselect={false}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={t("model:dimensionData.pnlLine")}
                  checked={d.is_pnl_line}
                  onChange={(e) => onUpdate(d.key, { is_pnl_line: e.currentTarget.checked })}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("common:actions.delete")}
                  onClick={() => onRemove(d.key)}
                  disabled={drivers.length === 1}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function Editor({ model }: { model: number }) {
  const { t } = useTranslation();
  const draft = useDimensionDraft(model);
  const parents = useQuery({
    queryKey: [...SOFTWARE_DIMENSIONS_KEY, model, "parents"],
    queryFn: () => getDimensions(model, { limit: 100, offset: 0 }),
  });

  return (
    <>
      <PageHeader
        title={t("model:software.dimEdit.title")}
        description={t("model:software.dimEdit.subtitle")}
      />
      <Card maw={900}>
        <form onSubmit={draft.submit} noValidate data-testid="dimension-form">
          <Stack gap="md">
            <Group grow align="flex-start">
              <TextInput
                label={t("model:dimensions.name")}
                value={draft.title}
                onChange={(e) => draft.setTitle(e.currentTarget.value)}
                error={draft.errors.title}
                required
              />
              <Select
                label={t("model:dimensions.parent")}
                data={(parents.data?.results ?? []).map((d) => ({ value: String(d.id), label: d.title }))}
                value={draft.pid}
                onChange={draft.setPid}
                clearable
                placeholder={t("model:software.dimEdit.rootDimension")}
              />
            </Group>
            <Title order={2} fz="md">
              {t("model:dimensions.drivers")}
            </Title>
            {draft.errors.drivers && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {draft.errors.drivers}
              </Alert>
            )}
            <DriverDraftsTable drivers={draft.drivers} onUpdate={draft.update} onRemove={draft.remove} />
            <Text fz="xs" c="dimmed">
              {t("model:software.dimEdit.relationHint")}
            </Text>
            <Group justify="space-between">
              <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={draft.add}>
                {t("model:software.dimEdit.addDriver")}
              </Button>
              <Button type="submit" loading={draft.saving}>
                {t("common:actions.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}

export default function DimensionEditPage() {
  const ctx = useAppContext();
  return <RequireModel>{ctx.model && <Editor model={ctx.model.id} />}</RequireModel>;
}
