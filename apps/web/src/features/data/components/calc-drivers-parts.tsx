// The pieces of the calculated-drivers page (routes/calculated-drivers.tsx): the table with its
// dimension filter, the formula help, and the create/edit dialog. `classic` is the page at
// /old, reading the scenario's drivers with their totals; the other reads the model's (beta).
import type { SavedCalculatedDriver } from "@costflow/contract/calculated-drivers";
import type { BetaCalculatedDriver } from "@costflow/contract/transactional-data";
import { Anchor, Badge, Card, Code, Group, Modal, Select, Stack, Text, Title, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiTable } from "../../../components/api-table";
import { EditDeleteButtons } from "../../../components/edit-delete-buttons";
import { openTypedConfirm } from "../../../components/typed-confirm";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { PageParams } from "../../../lib/paged";
import { useDeleteCalculatedDriver } from "../api/delete-calculated-driver";
import {
  CALCULATED_DRIVERS_KEY,
  type CalculatedDriverRow,
  getCalculatedDrivers,
  getCalculatedDriversClassic,
} from "../api/get-calculated-drivers";
import { useSaveCalculatedDriver } from "../api/save-calculated-driver";
import { CalcDriverForm, EMPTY_CALC_DRIVER } from "./calc-driver-form";

const FORMULA_EXAMPLES = [
  "=quantity * price",
  "=[net revenue] - [cost of goods]",
  "=IF(orders = 0, 0, lines / orders)",
];

interface Option {
  value: string;
  label: string;
}

function useCalcDriverColumns(classic: boolean, onEdit: (row: CalculatedDriverRow) => void) {
  const { t } = useTranslation();
  const remove = useDeleteCalculatedDriver();

  const askDelete = (r: CalculatedDriverRow) =>
    openTypedConfirm({
      title: t("data:calcDrivers.deleteTitle"),
      text: t("data:calcDrivers.deleteText", { name: r.name }),
      word: r.name,
      onConfirm: () =>
        remove.mutate(r.id, {
          onSuccess: () => notifySuccess(t("common:messages.itemDeleted", { item: r.name })),
          onError: () => notifyError(t("common:messages.deleteFailed")),
        }),
    });

  return [
    { id: "name", header: t("data:calcDrivers.name"), sortable: true },
    { id: "dimension_name", header: t("data:calcDrivers.dimension"), sortable: true },
    {
      id: "formula",
      header: t("data:calcDrivers.formula"),
      cell: (r: CalculatedDriverRow) => (
        <Group gap={6} wrap="nowrap">
          <Code dir="ltr">{r.formula}</Code>
          {"formula_feedback" in r && !r.formula_feedback.valid && (
            <Tooltip label={r.formula_feedback.message} multiline maw={320}>
              <Badge color="red" variant="light" size="sm">
                {t("data:calcDrivers.invalid")}
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { id: "is_pnl_line", header: t("data:calcDrivers.isPnlLine"), kind: "boolean" as const },
    ...(classic
      ? [
          {
            id: "total_value",
            header: t("data:calcDrivers.totalValue"),
            kind: "number" as const,
            sortable: true,
          },
        ]
      : []),
    {
      id: "actions",
      header: t("common:table.actions"),
      cell: (r: CalculatedDriverRow) => (
        <Group gap={2} wrap="nowrap">
          <EditDeleteButtons
            onEdit={() => onEdit(r)}
            onDelete={() => askDelete(r)}
            editTestId={`edit-calc-driver-${r.name}`}
            deleteTestId={`delete-calc-driver-${r.name}`}
          />
        </Group>
      ),
    },
  ];
}

export function CalcDriversTable({
  model,
  scenario,
  classic,
  options,
  dimension,
  onDimension,
  onEdit,
}: {
  model: number;
  scenario: number;
  classic: boolean;
  options: Option[];
  dimension: string | null;
  onDimension: (dimension: string | null) => void;
  onEdit: (row: CalculatedDriverRow) => void;
}) {
  const { t } = useTranslation();
  const columns = useCalcDriverColumns(classic, onEdit);
  return (
    <Card>
      <Select
        label={t("data:calcDrivers.dimension")}
        placeholder={
          options.length
            ? classic
              ? t("data:calcDrivers.allDimensions")
              : t("model:calcDrivers.pickDimension")
            : t("common:messages.noDimensions")
        }
        data={options}
        value={dimension}
        onChange={onDimension}
        clearable={classic}
        disabled={options.length === 0}
        maw={360}
        mb="md"
        data-testid="calc-dimension-filter"
      />
      {classic ? (
        <ApiTable<CalculatedDriverRow>
          queryKey={[...CALCULATED_DRIVERS_KEY, "classic", scenario, dimension]}
          fetcher={(p: PageParams) => getCalculatedDriversClassic(scenario, dimension, p)}
          emptyTitle={
            options.length ? t("common:messages.noCalculatedDrivers") : t("common:messages.noDimensions")
          }
          testId="calculated-drivers-table"
          columns={columns}
        />
      ) : (
        <ApiTable<CalculatedDriverRow>
          queryKey={[...CALCULATED_DRIVERS_KEY, "beta", model, dimension]}
          fetcher={(p: PageParams) => getCalculatedDrivers(model, dimension, p)}
          emptyTitle={
            options.length ? t("common:messages.noCalculatedDrivers") : t("common:messages.noDimensions")
          }
          emptyDescription={options.length ? t("data:calcDrivers.emptyHint") : undefined}
          testId="calculated-drivers-table"
          columns={columns}
        />
      )}
    </Card>
  );
}

export function FormulaHelp({ classic }: { classic: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Title order={2} fz="md" mb="xs">
        {t("model:calcDrivers.howTitle")}
      </Title>
      <Stack gap="xs">
        <Text fz="sm">{t("model:calcDrivers.howText")}</Text>
        {FORMULA_EXAMPLES.map((f) => (
          <Code key={f} block dir="ltr">
            {f}
          </Code>
        ))}
        <Text fz="xs" c="dimmed">
          {t("model:calcDrivers.pnlText")}
        </Text>
        {!classic && (
          <Anchor component={Link} to="/model/scenario/dimension/calculated-drivers/old" fz="sm">
            {t("model:dimensionData.switchToClassic")}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

export function CalcDriverModal({
  editing,
  classic,
  options,
  dimension,
  onClose,
}: {
  editing: CalculatedDriverRow | "new" | null;
  classic: boolean;
  options: Option[];
  /** The filtered dimension, a new driver's default. */
  dimension: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCalculatedDriver(classic);
  const current = editing === "new" ? null : editing;

  const onSaved = (name: string, res: SavedCalculatedDriver | BetaCalculatedDriver) => {
    onClose();
    notifySuccess(t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", { item: name }));
    // An invalid formula is saved (the run refuses it): say so once more after the dialog closes.
    if (!res.formula_feedback.valid)
      notifications.show({
        color: "yellow",
        title: t("data:calcDrivers.savedInvalid"),
        message: res.formula_feedback.message,
      });
  };

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      size="xl"
      title={current ? t("data:calcDrivers.editTitle", { name: current.name }) : t("data:calcDrivers.new")}
    >
      {editing !== null && (
        <CalcDriverForm
          driverId={current?.id ?? null}
          dimensions={options}
          initial={
            current
              ? {
                  name: current.name,
                  dimension: current.dimension ?? null,
                  formula: current.formula ?? "=",
                  is_pnl_line: !!current.is_pnl_line,
                }
              : { ...EMPTY_CALC_DRIVER, dimension: dimension ? Number(dimension) : null }
          }
          loading={save.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) =>
            save.mutate(
              { ...values, id: current?.id },
              { onSuccess: (res) => onSaved(values.name, res), onError: fail },
            )
          }
        />
      )}
    </Modal>
  );
}
