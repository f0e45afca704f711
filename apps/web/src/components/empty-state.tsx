import { EmptyState as MantineEmptyState } from "@mantine/core";
import { IconDatabaseOff } from "@tabler/icons-react";
import type { ReactNode } from "react";

export function EmptyState({
  title,
  description,
  icon,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <MantineEmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconDatabaseOff size={28} stroke={1.5} aria-hidden />}
      withIndicatorBackground
      data-testid="empty-state"
    >
      {children}
    </MantineEmptyState>
  );
}
