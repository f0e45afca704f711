import { ActionIcon, Affix, Transition, useDirection } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { IconArrowUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The button appears after 250 px of scrolling. */
const SCROLL_TOP_THRESHOLD = 250;

export function ScrollToTop() {
  const [scroll, scrollTo] = useWindowScroll();
  const { t } = useTranslation();
  const { dir } = useDirection();
  return (
    <Affix position={dir === "rtl" ? { bottom: 24, left: 24 } : { bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scroll.y > SCROLL_TOP_THRESHOLD}>
        {(styles) => (
          <ActionIcon
            style={styles}
            size="xl"
            radius="xl"
            onClick={() => scrollTo({ y: 0 })}
            aria-label={t("common:a11y.scrollTop")}
            data-testid="scroll-to-top"
          >
            <IconArrowUp size={22} aria-hidden />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
