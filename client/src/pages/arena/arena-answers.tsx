import { SimpleGrid } from '@mantine/core';
import type { ArenaRound } from '../../api/arena-api.ts';
import type { Catalogue } from '../../api/catalogue-api.ts';
import type { RunColumn } from '../../requests/request-state.ts';
import { ArenaAnswerCard } from './arena-answer-card.tsx';

/** Where the vote put each label (1 is best), for the badges after the reveal. */
function placesOf(round: ArenaRound | null): Map<string, number> {
  const vote = round?.vote;
  if (!vote || vote.verdict === 'all_bad') return new Map();
  if (vote.verdict === 'best') return new Map(vote.best.map((label) => [label, 1]));
  return new Map(vote.tiers.flatMap((tier, index) => tier.map((label) => [label, index + 1] as const)));
}

/** The round's answers as Model A, B, C…; after the vote (`round`), each with who wrote it and its place. */
export function ArenaAnswers({ columns, round, catalogue }: { columns: readonly RunColumn[]; round: ArenaRound | null; catalogue: Catalogue | null }) {
  const places = placesOf(round);
  const nameOf = (engine: string, model: string) => {
    const entry = catalogue?.models[engine];
    return { engineName: entry?.name ?? engine, modelName: entry?.models.find((candidate) => candidate.id === model)?.name ?? model };
  };
  return (
    <SimpleGrid cols={{ base: 1, md: Math.min(3, columns.length) }} spacing="md" data-testid="arena-answers">
      {columns.map((column) => {
        const answer = round?.answers.find((candidate) => candidate.label === column.model) ?? null;
        return (
          <ArenaAnswerCard
            key={column.model}
            column={column}
            revealed={answer ? { answer, ...nameOf(answer.engine, answer.model) } : null}
            place={places.get(column.model) ?? null}
          />
        );
      })}
    </SimpleGrid>
  );
}
