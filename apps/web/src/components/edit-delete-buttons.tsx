// The edit and delete icons of a table row or a detail header, with tooltips and accessible names.
import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export function EditDeleteButtons({
  onEdit,
  onDelete,
  editLabel,
  editTestId,
  deleteTestId,
  deleting = false,
}: {
  onEdit: () => void;
  onDelete: () => void;
  /** Accessible name and tooltip of the edit icon (default: "Edit"). */
  editLabel?: string;
  editTestId?: string;
  deleteTestId?: string;
  /** The delete is under way: its icon spins. */
  deleting?: boolean;
}) {
  const { t } = useTranslation();
  const edit = editLabel ?? t("common:actions.edit");
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={edit}>
        <ActionIcon variant="subtle" aria-label={edit} onClick={onEdit} data-testid={editTestId}>
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("common:actions.delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("common:actions.delete")}
          onClick={onDelete}
          loading={deleting}
          data-testid={deleteTestId}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
