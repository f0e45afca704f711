import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

export function StatCard({
  label,
  value,
  icon,
  color,
  loading,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text c="dimmed" fz="sm" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={32} w={60} />
          ) : (
            <Text fz={30} fw={750} lh={1.1}>
              {value}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={46} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
