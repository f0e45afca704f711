import { Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A fact on one line: its name dimmed at the start, its value at the end. */
export function LabelValue({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </Group>
  );
}
