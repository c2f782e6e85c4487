import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { ARENA_RULES } from '../../../../contract/arena-rules.ts';

/** The published rules of which votes count and how much, so nobody has to guess why a board looks as it does. */
export function CountingRules({ minBattles }: { minBattles: number }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="counting-rules-title" data-testid="counting-rules">
      <Stack gap="xs">
        <Title order={2} size="h4" id="counting-rules-title">
          How votes count
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            A vote cast sooner after the question than its shortest answer takes to read at {ARENA_RULES.readingWordsPerMinute} words a minute (and
            never under {ARENA_RULES.minReadingSeconds} seconds) still reveals the models but is left out of the board.
          </List.Item>
          <List.Item>
            A vote counts in proportion to its account&rsquo;s age, fully from {ARENA_RULES.fullWeightAfterDays} days, and half as much while the email is
            unverified. Many new accounts cannot outvote a few honest ones.
          </List.Item>
          <List.Item>One vote per round; votes are limited per account and per address each hour.</List.Item>
          <List.Item>
            {minBattles > 0 ? `A model shows once it has ${minBattles} ${minBattles === 1 ? 'comparison' : 'comparisons'} counted. ` : ''}Ranks are 95% intervals
            from resampling the votes; models in one tied group cannot be told apart yet.
          </List.Item>
          <List.Item>Your own board opens after {ARENA_RULES.personalBoardVotes} of your votes.</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          Boards are refitted within a minute of new votes.
        </Text>
      </Stack>
    </Paper>
  );
}
