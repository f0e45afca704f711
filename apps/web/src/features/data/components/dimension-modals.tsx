// The dimension page's three dialogs: create or edit a dimension, edit a driver, add a driver. Each
// owns its save call; the page keeps which one is open.
import type { DimensionNode } from "@costflow/contract/dimensions";
import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../../lib/notify";
import { useCreateDriver } from "../api/create-driver";
import { useDimensionDriver } from "../api/get-dimension-driver";
import { useSaveDimension } from "../api/save-dimension";
import { useUpdateDriver } from "../api/update-driver";
import { DimensionForm } from "./dimension-form";
import { subtreeIds } from "./dimension-tree";
import { DriverForm } from "./driver-form";

export function DimensionFormModal({
  editing,
  all,
  model,
  onClose,
  onSaved,
}: {
  editing: DimensionNode | "new" | null;
  all: DimensionNode[];
  model: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const saveDimension = useSaveDimension();
  const current = editing === "new" ? null : editing;

  // A dimension cannot hang under itself or one of its descendants.
  const parentOptions = (node: DimensionNode | null) => {
    const excluded = node ? subtreeIds(node) : new Set<number>();
    return all.filter((d) => !excluded.has(d.id)).map((d) => ({ value: String(d.id), label: d.title }));
  };

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={
        current
          ? t("data:dimensionManager.editTitle", { name: current.title })
          : t("data:dimensionManager.new")
      }
    >
      {editing !== null && (
        <DimensionForm
          initial={
            current
              ? { title: current.title, code: current.code, pid: current.pid }
              : { title: "", code: "", pid: null }
          }
          parents={parentOptions(current)}
          loading={saveDimension.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) =>
            saveDimension.mutate(
              { ...values, model, id: current?.id },
              {
                onSuccess: (saved) => {
                  onClose();
                  onSaved(saved.id);
                  notifySuccess(
                    t(current ? "common:messages.itemUpdated" : "common:messages.itemCreated", {
                      item: values.title,
                    }),
                  );
                },
                onError: fail,
              },
            )
          }
        />
      )}
    </Modal>
  );
}

export function EditDriverModal({
  driverId,
  all,
  onClose,
}: {
  driverId: number | null;
  all: DimensionNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const driverToEdit = useDimensionDriver(driverId);
  const updateDriver = useUpdateDriver();
  return (
    <Modal
      opened={driverId !== null}
      onClose={onClose}
      title={t("data:dimensionManager.editDriver", { name: driverToEdit.data?.name ?? "" })}
    >
      {driverId !== null && driverToEdit.data && (
        <DriverForm
          key={driverToEdit.data.id}
          targets={all.map((d) => ({ value: String(d.id), label: d.title, code: d.code }))}
          initial={{
            name: driverToEdit.data.name,
            data_type: driverToEdit.data.data_type,
            target_dimension: driverToEdit.data.target_dimension,
            label: driverToEdit.data.label === driverToEdit.data.name ? "" : driverToEdit.data.label,
            is_pnl_line: driverToEdit.data.is_pnl_line,
          }}
          loading={updateDriver.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) => {
            const driver = driverToEdit.data!;
            updateDriver.mutate(
              {
                id: driver.id,
                label: values.label,
                is_pnl_line: values.is_pnl_line,
                ...(driver.data_type !== "DIMENSION" && values.name !== driver.name
                  ? { name: values.name }
                  : {}),
              },
              {
                onSuccess: (saved) => {
                  onClose();
                  notifySuccess(t("common:messages.itemUpdated", { item: saved.name }));
                },
                onError: fail,
              },
            );
          }}
        />
      )}
    </Modal>
  );
}

export function NewDriverModal({
  opened,
  dimension,
  all,
  onClose,
}: {
  opened: boolean;
  dimension: DimensionNode | null;
  all: DimensionNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const createDriver = useCreateDriver();
  return (
    <Modal
      opened={opened && dimension !== null}
      onClose={onClose}
      title={t("data:dimensionManager.newDriverIn", { name: dimension?.title ?? "" })}
    >
      {opened && dimension && (
        <DriverForm
          targets={all
            .filter((d) => d.id !== dimension.id)
            .map((d) => ({ value: String(d.id), label: d.title, code: d.code }))}
          loading={createDriver.isPending}
          onCancel={onClose}
          onSubmit={(values, fail) =>
            createDriver.mutate(
              {
                dimension: dimension.id,
                data_type: values.data_type,
                is_pnl_line: values.is_pnl_line,
                ...(values.data_type === "DIMENSION"
                  ? { target_dimension: values.target_dimension }
                  : { name: values.name }),
                ...(values.label ? { label: values.label } : {}),
              },
              {
                onSuccess: (driver) => {
                  onClose();
                  notifySuccess(t("common:messages.itemCreated", { item: driver.name }));
                },
                onError: fail,
              },
            )
          }
        />
      )}
    </Modal>
  );
}
