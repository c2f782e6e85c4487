import { Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Tabs, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ArenaVoteBody } from '../../api/arena-api.ts';

export interface VotePanelProps {
  /** The labels of the answers that can be voted on (those that succeeded), in label order. */
  labels: readonly string[];
  busy: boolean;
  error: string | null;
  onVote(vote: ArenaVoteBody): void;
}

/** Ranks as tiers, best first: answers given the same rank share a tier (a tie). */
export function tiersOf(ranks: Readonly<Record<string, string>>): string[][] {
  const byRank = new Map<number, string[]>();
  for (const [label, rank] of Object.entries(ranks)) byRank.set(Number(rank), [...(byRank.get(Number(rank)) ?? []), label]);
  return [...byRank.entries()].sort(([a], [b]) => a - b).map(([, labels]) => labels.sort());
}

/** The vote: the best answer (several for a shared first place), a full ranking with ties, or "all bad". */
export function VotePanel({ labels, busy, error, onVote }: VotePanelProps) {
  const [mode, setMode] = useState<'best' | 'ranking'>('best');
  const [best, setBest] = useState<string[]>([]);
  const [ranks, setRanks] = useState<Record<string, string>>({});
  const rankChoices = labels.map((_, index) => String(index + 1));
  const ready = labels.length >= 2 && (mode === 'best' ? best.length > 0 : labels.every((label) => ranks[label]));

  const submit = () => onVote(mode === 'best' ? { verdict: 'best', best } : { verdict: 'ranking', tiers: tiersOf(ranks) });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="vote-title" data-testid="vote-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="vote-title">
            Your vote
          </Title>
          {labels.length >= 2 && (
            <Tabs variant="pills" value={mode} onChange={(value) => value && setMode(value as 'best' | 'ranking')}>
              <Tabs.List aria-label="How to vote">
                <Tabs.Tab value="best">Pick the best</Tabs.Tab>
                <Tabs.Tab value="ranking" data-testid="vote-mode-ranking">
                  Rank them all
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
          )}
        </Group>
        {labels.length < 2 ? (
          <Text size="sm">Fewer than two answers arrived, so there is nothing to compare. You can still see who answered.</Text>
        ) : mode === 'best' ? (
          <Stack gap={6}>
            <Text size="sm" c="dimmed" id="best-hint">
              Choose the best answer. Choose more than one if they tie for first place.
            </Text>
            <Checkbox.Group value={best} onChange={setBest} aria-labelledby="best-hint">
              <Group gap="lg">
                {labels.map((label) => (
                  <Checkbox key={label} value={label} label={label} data-testid="vote-best-choice" />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        ) : (
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              Give every answer a place, 1 being the best. Give two answers the same place for a tie.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
              {labels.map((label) => (
                <NativeSelect
                  key={label}
                  label={label}
                  data={[{ value: '', label: 'Place…' }, ...rankChoices]}
                  value={ranks[label] ?? ''}
                  onChange={(event) => setRanks((current) => ({ ...current, [label]: event.currentTarget.value }))}
                  data-testid="vote-rank"
                />
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => onVote({ verdict: 'all_bad' })} disabled={busy} data-testid="vote-all-bad">
            {labels.length < 2 ? 'Reveal the models' : 'They are all bad'}
          </Button>
          {labels.length >= 2 && (
            <Button onClick={submit} disabled={!ready} loading={busy} data-testid="vote-submit">
              Vote and reveal
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
