/**
 * The models page's statement (`core/runs/model-figures.ts`) on a large `model_runs`: by default 600,000 ended runs
 * spread evenly over 60 days across 40 models (70,000 in the last 7 days), with first tokens, ends and token counts
 * drawn at random, in a throwaway database. It times the statement (median and slowest of 7 runs, after one warm-up)
 * with the partial index on ended runs and without it, and prints Postgres's plan and buffers for each.
 *
 * Run: npx tsx benchmarks/model-figures.bench.ts [--runs N]. Add `--json` for one JSON line at the end.
 */
import { MODEL_FIGURES_SQL } from '../core/runs/index.ts';
import { startTestStack } from '../tests/support/test-stack.ts';
import { formatTextTable } from './text-table.ts';

const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag === -1 ? 600_000 : Number(process.argv[runsFlag + 1]);
const DAYS = 60;
const MODELS = 40;
const REPEATS = 7;

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const stack = await startTestStack({ withWorker: false });
  const records = stack.records();
  try {
    const seedStarted = performance.now();
    const [request] = await records.execute<{ id: string }[]>(`insert into search_requests (id, query, engine, model) values (gen_random_uuid(), 'Seeded', 'openai', 'gpt-4o-mini') returning id`);
    // Evenly over the days, one model in forty; about 1 in 12 failed, 1 in 50 stopped; first token after 0.2–3 s,
    // 1–20 s of text, 50–1,500 output tokens.
    await records.execute(
      `insert into model_runs (id, request_id, engine, model, status, error_code, answer_text, created_at, first_token_at, completed_at, output_tokens)
       select gen_random_uuid(), ?, 'engine-' || (n % 4), 'model-' || (n % ?), state.status, state.error_code,
              case when state.status = 'completed' then 'An answer' end,
              ended - make_interval(secs => streaming + waiting), ended - make_interval(secs => streaming), ended,
              case when state.status = 'completed' then 50 + (random() * 1450)::int end
         from generate_series(1, ?) as n,
              lateral (select now() - make_interval(secs => (n::float8 / ?) * ? * 86400) as ended,
                              0.2 + random() * 2.8 as waiting, 1 + random() * 19 as streaming) as timing,
              lateral (select case when n % 50 = 0 then 'error' when n % 12 = 0 then 'error' else 'completed' end as status,
                              case when n % 50 = 0 then 'CANCELLED' when n % 12 = 0 then 'PROVIDER_ERROR' end as error_code) as state`,
      [request!.id, MODELS, RUNS, RUNS, DAYS],
    );
    await records.execute('analyze model_runs');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [{ week }] = (await records.execute<{ week: string }[]>(`select count(*) as week from model_runs where completed_at > now() - interval '7 days'`)) as [{ week: string }];

    const at = new Date().toISOString();
    const parameters = [at, at, at];
    const measure = async () => {
      await records.execute(MODEL_FIGURES_SQL, parameters);
      const times: number[] = [];
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const started = performance.now();
        await records.execute(MODEL_FIGURES_SQL, parameters);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const plan = await records.execute<{ 'QUERY PLAN': string }[]>(`explain (analyze, buffers, costs off, timing off) ${MODEL_FIGURES_SQL}`, parameters);
      return { medianMs: times[Math.floor(times.length / 2)]!, slowestMs: times.at(-1)!, plan: plan.map((row) => row['QUERY PLAN']).join('\n') };
    };

    const indexed = await measure();
    await records.execute('drop index model_runs_ended_index');
    const unindexed = await measure();

    console.log(`model_runs: ${RUNS.toLocaleString('en-US')} ended runs over ${DAYS} days, ${MODELS} models; ${Number(week).toLocaleString('en-US')} in the last 7 days (seeded in ${seedSeconds.toFixed(1)} s)\n`);
    console.log(
      formatTextTable(
        ['statement', 'median', 'slowest'],
        [
          ['with model_runs_ended_index', `${indexed.medianMs.toFixed(0)} ms`, `${indexed.slowestMs.toFixed(0)} ms`],
          ['without it (scan of every run)', `${unindexed.medianMs.toFixed(0)} ms`, `${unindexed.slowestMs.toFixed(0)} ms`],
        ],
      ),
    );
    console.log(`\nPlan with the index:\n${indexed.plan}\n\nPlan without it:\n${unindexed.plan}`);
    if (json) console.log(JSON.stringify({ runs: RUNS, week: Number(week), indexedMedianMs: indexed.medianMs, unindexedMedianMs: unindexed.medianMs }));
  } finally {
    await stack.close();
  }
}

await main();
