import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One card of the Settings page: a heading, a line on what it does, then its controls. A dangerous one has a red
 * border (its heading stays in the text colour: red text on either scheme's background is below 4.5:1).
 */
export function SettingsSection({ title, description, children, danger = false, testId }: { title: string; description?: ReactNode; children: ReactNode; danger?: boolean; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid={testId} style={danger ? { borderColor: 'var(--mantine-color-red-outline)' } : undefined}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
