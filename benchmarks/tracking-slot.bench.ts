/**
 * How long one tracking slot takes from claim to recorded results, for a small and a full prompt set: the worker
 * admits every prompt like a comparison, the answer workers answer (the provider simulator, 12 chunks 1 ms apart),
 * and the results are copied once all have ended. The time is dominated by admission and answering, not by the
 * scheduler. Run: npx tsx benchmarks/tracking-slot.bench.ts. Uses a throwaway database and Redis prefix.
 */
import { createFundedUser } from '../tests/support/funded-user.ts';
import { startTestStack } from '../tests/support/test-stack.ts';
import { formatTextTable } from './text-table.ts';

const SHAPES = [
  { prompts: 5, models: 1 },
  { prompts: 25, models: 1 },
  { prompts: 25, models: 3 },
];
const MODELS = [
  { engine: 'openai', model: 'gpt-4o-mini' },
  { engine: 'deepseek', model: 'deepseek-chat' },
  { engine: 'anthropic', model: 'claude-3-haiku-20240307' },
];

async function main(): Promise<void> {
  // A real day: each set runs its first slot at once and no other during the measurement.
  const stack = await startTestStack({ environment: { TRACKING_DAY_MS: '86400000' } });
  const rows: string[][] = [];
  try {
    for (const shape of SHAPES) {
      const cookie = await createFundedUser(stack.records(), stack.config, `Bench ${shape.prompts}x${shape.models}`);
      const response = await fetch(`${stack.baseUrl}/api/tracking/sets`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${shape.prompts}×${shape.models}`,
          brand: { brandName: 'Zorblax', competitors: ['Quentix'] },
          prompts: Array.from({ length: shape.prompts }, (_, index) => `Zorblax or Quentix for widgets, question ${index + 1}`),
          models: MODELS.slice(0, shape.models),
          cadence: 'daily',
        }),
      });
      const setId = ((await response.json()) as { data: { set: { id: string } } }).data.set.id;
      let run: { seconds: number; results: number } | undefined;
      while (!run) {
        const [row] = await stack.records().execute<{ seconds: number; results: number }[]>(
          `select extract(epoch from completed_at - started_at)::float8 as seconds, (select count(*)::int from tracking_results where run_id = tracking_runs.id) as results
             from tracking_runs where set_id = ? and status = 'completed'`,
          [setId],
        );
        if (row) run = row;
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      rows.push([`${shape.prompts} × ${shape.models}`, String(run.results), run.seconds.toFixed(2)]);
    }
  } finally {
    await stack.close();
  }
  console.log(formatTextTable(['prompts × models', 'answers recorded', 'slot seconds'], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
