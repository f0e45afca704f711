import { Box, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
  badge,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="md" wrap="wrap">
      <Stack gap={4} style={{ flex: "1 1 320px", minWidth: 0 }}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 26 }} data-testid="page-title">
            {title}
          </Title>
          {badge}
        </Group>
        {description && (
          <Text c="dimmed" fz="sm" maw={760}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Box>
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        </Box>
      )}
    </Group>
  );
}
