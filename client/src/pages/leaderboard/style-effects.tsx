import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { StyleEffect } from '../../../../contract/arena.ts';

const points = (value: number): string => `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value))}`;

/**
 * The style-controlled fit's coefficients, published: how many points a style feature is worth by itself. A
 * difference of 1 means one answer has all of it and the other none; twice as long is a third of that.
 */
export function StyleEffects({ effects }: { effects: readonly StyleEffect[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="style-effects-title" data-testid="style-effects">
      <Stack gap="xs">
        <Title order={2} size="h4" id="style-effects-title">
          What style is worth
        </Title>
        <Text size="sm" c="dimmed">
          Voters tend to prefer longer, more formatted answers whatever they say. This board fits that preference beside the models&rsquo; strengths and
          takes it out, so a model ranks for what it says. Each effect is in points for one answer having all of the feature and the other none (for
          length, an answer twice as long counts a third of it); positive means voters favour more of it.
        </Text>
        <div role="region" aria-label="Style effects" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Feature</Table.Th>
                <Table.Th scope="col" ta="right">
                  Effect
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  95% interval
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {effects.map((effect) => (
                <Table.Tr key={effect.feature} data-testid="style-effect">
                  <Table.Td>{effect.name}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {points(effect.points)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {points(effect.lower)} to {points(effect.upper)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      </Stack>
    </Paper>
  );
}
