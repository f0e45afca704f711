import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Accept (busy while an answer is sent) and decline, for a pending request or invitation. */
export function AnswerButtons({
  onAnswer,
  sending,
}: {
  onAnswer: (answer: "accept" | "decline") => void;
  sending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="compact-sm" onClick={() => onAnswer("accept")} loading={sending}>
        {t("common:actions.accept")}
      </Button>
      <Button size="compact-sm" variant="default" onClick={() => onAnswer("decline")}>
        {t("common:actions.decline")}
      </Button>
    </>
  );
}
