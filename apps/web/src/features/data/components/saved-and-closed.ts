import type { TFunction } from "i18next";
import { notifySuccess } from "../../../lib/notify";

/**
 * The save options of a create/edit modal: once saved the modal closes and says the item was
 * created or updated (`editing`), by its name; a refusal goes back to the form (`fail`).
 */
export function savedAndClosed(
  t: TFunction,
  editing: boolean,
  onClose: () => void,
  fail: (error: unknown) => void,
) {
  return {
    onSuccess: (saved: { name: string }) => {
      onClose();
      notifySuccess(
        t(editing ? "common:messages.itemUpdated" : "common:messages.itemCreated", { item: saved.name }),
      );
    },
    onError: fail,
  };
}
