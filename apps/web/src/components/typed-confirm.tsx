// Destructive actions that need the user to type a confirmation word shown in the dialog.
import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

function TypedConfirmBody({
  word,
  text,
  onConfirm,
  onCancel,
}: {
  word: string;
  text: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState("");
  const matches = typed.trim() === word;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (matches) onConfirm();
      }}
      data-testid="typed-confirm"
    >
      <Stack gap="sm">
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          <Text fz="sm">{text}</Text>
        </Alert>
        <TextInput
          label={t("data:confirm.typeWord", { word })}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
          name="confirm-word"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" color="red" disabled={!matches} data-testid="typed-confirm-submit">
            {t("common:actions.delete")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens the dialog; `onConfirm` runs only once the word was typed exactly. */
export function openTypedConfirm(input: {
  title: string;
  text: ReactNode;
  word: string;
  onConfirm: () => void;
}) {
  const id = modals.open({
    title: input.title,
    children: (
      <TypedConfirmBody
        word={input.word}
        text={input.text}
        onCancel={() => modals.close(id)}
        onConfirm={() => {
          modals.close(id);
          input.onConfirm();
        }}
      />
    ),
  });
}
