import { Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function Section({
  eyebrow,
  title,
  intro,
  children,
  alt = false,
  id,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  alt?: boolean;
  id?: string;
}) {
  return (
    <Box component="section" py={{ base: 48, sm: 72 }} className={alt ? "cf-section-alt" : undefined} id={id}>
      <Container size="lg">
        <Stack gap={8} mb={36} maw={720}>
          {eyebrow && (
            <Text tt="uppercase" fz="xs" fw={700} c="indigo" lts={1}>
              {eyebrow}
            </Text>
          )}
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" fz="lg">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
