import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

export function ScopeNote({ children }: { children: ReactNode }) {
  return (
    <Alert variant="light" color="indigo" icon={<IconInfoCircle aria-hidden />} mb="md">
      {children}
    </Alert>
  );
}
