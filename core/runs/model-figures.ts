import type { EntityManager } from '@mikro-orm/postgresql';
import {
  MODEL_FIGURES_MINIMUM_ANSWERS,
  MODEL_FIGURES_MINIMUM_STREAMING_MS,
  type ModelAccepts,
  type ModelStatsData,
  type ModelTier,
  type WindowFigures,
} from '../../contract/model-stats.ts';
import { modelRestriction } from '../../contract/tier-rules.ts';
import { contextTokensOf, engineAvailability, type CatalogueModel, type ModelCatalogue } from '../catalogue/index.ts';
import type { QuorumConfig } from '../config/index.ts';

/**
 * Quorum's own figures per model, from the runs it really answered: how many ended, how many failed, how long people
 * waited for the first text and how fast the text came. One statement reads the last 7 days of ended runs once
 * (through `model_runs_ended_index`) and counts both windows from it with `filter`, the percentiles by Postgres's
 * `percentile_cont`, so no run leaves the database. A stopped run is the person's choice, not the model's failure,
 * so it counts neither as an answer nor as an error.
 */

/** The raw counts of one window, as the statement returns them (Postgres sends bigint and numeric as text). */
interface WindowRow {
  answers: string | number;
  errors: string | number;
  ttft_count: string | number;
  ttft: (number | string)[] | null;
  speed_count: string | number;
  speed: number | string | null;
}

type FiguresRow = { engine: string; model: string } & { [Key in `${keyof WindowRow}_${'day' | 'week'}`]: WindowRow[keyof WindowRow] };

const windowColumns = (suffix: 'day' | 'week', inWindow: string): string => `
  count(*) filter (where ${inWindow}) as answers_${suffix},
  count(*) filter (where ${inWindow} and status = 'error') as errors_${suffix},
  count(ttft_ms) filter (where ${inWindow}) as ttft_count_${suffix},
  percentile_cont(array[0.5, 0.95]) within group (order by ttft_ms) filter (where ${inWindow}) as ttft_${suffix},
  count(tokens_per_second) filter (where ${inWindow}) as speed_count_${suffix},
  percentile_cont(0.5) within group (order by tokens_per_second) filter (where ${inWindow}) as speed_${suffix}`;

/**
 * The time to first token counts from the question's acceptance (`created_at`), as the answer itself reports it
 * (`answer-timings.ts`): what the person waited, queue included. The speed leaves reasoning tokens out: a reasoning
 * model spends them before its first visible token, so counting them over the visible stream would flatter it.
 */
export const MODEL_FIGURES_SQL = `
  with ended as (
    select engine, model, status,
           completed_at >= ?::timestamptz - interval '24 hours' as last_day,
           case when status = 'completed' and first_token_at is not null
                then greatest(0, extract(epoch from first_token_at - created_at) * 1000) end as ttft_ms,
           case when status = 'completed' and output_tokens is not null and first_token_at is not null
                 and completed_at - first_token_at >= interval '${MODEL_FIGURES_MINIMUM_STREAMING_MS} milliseconds'
                then greatest(0, output_tokens - coalesce(reasoning_tokens, 0)) / extract(epoch from completed_at - first_token_at) end as tokens_per_second
      from model_runs
     where status in ('completed', 'error')
       and completed_at > ?::timestamptz - interval '7 days' and completed_at <= ?::timestamptz
       and error_code is distinct from 'CANCELLED'
  )
  select engine, model, ${windowColumns('day', 'last_day')}, ${windowColumns('week', 'true')}
    from ended
   group by engine, model`;

const numberOr = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

function windowFigures(row: FiguresRow | undefined, suffix: 'day' | 'week'): WindowFigures {
  const read = <Key extends keyof WindowRow>(key: Key) => row?.[`${key}_${suffix}`] as WindowRow[Key] | undefined;
  const answers = Number(read('answers') ?? 0);
  const errors = Number(read('errors') ?? 0);
  const ttftCount = Number(read('ttft_count') ?? 0);
  const speedCount = Number(read('speed_count') ?? 0);
  const enough = (counted: number) => counted >= MODEL_FIGURES_MINIMUM_ANSWERS;
  const ttft = read('ttft');
  const rounded = (value: number | null, places: number) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);
  return {
    answers,
    errors,
    errorRate: { value: enough(answers) ? rounded(errors / answers, 4) : null, count: answers },
    timeToFirstTokenMs: {
      p50: enough(ttftCount) ? rounded(numberOr(ttft?.[0]), 0) : null,
      p95: enough(ttftCount) ? rounded(numberOr(ttft?.[1]), 0) : null,
      count: ttftCount,
    },
    outputTokensPerSecond: { p50: enough(speedCount) ? rounded(numberOr(read('speed')), 1) : null, count: speedCount },
  };
}

/** Guests may ask it; else anyone signed in; else only those who bought credits. */
export function modelTier(model: Pick<CatalogueModel, 'credits' | 'freeTier'>): ModelTier {
  if (modelRestriction('free', model) === null) return 'guest';
  return modelRestriction('registered', model) === null ? 'registered' : 'paid';
}

/** What the model accepts; one whose catalogue entry does not say it reads images is taken not to (as admission does). */
export function modelAccepts(model: CatalogueModel): ModelAccepts {
  const { capabilities } = model;
  return {
    webSearch: model.webSearchSupported,
    images: capabilities.images === true,
    systemPrompt: capabilities.systemPrompt,
    temperature: capabilities.temperature ?? null,
    reasoning: capabilities.reasoningTokens,
  };
}

/** Every catalogue model with its price, what it accepts and its figures for the 24 hours and 7 days before `now`. */
export async function loadModelFigures(
  em: EntityManager,
  catalogue: ModelCatalogue,
  config: Pick<QuorumConfig, 'demoMode' | 'providers' | 'localModels'>,
  now: Date = new Date(),
): Promise<ModelStatsData> {
  const at = now.toISOString();
  const rows = await em.execute<FiguresRow[]>(MODEL_FIGURES_SQL, [at, at, at]);
  const byModel = new Map(rows.map((row) => [`${row.engine}\u0000${row.model}`, row]));
  return {
    minimumAnswers: MODEL_FIGURES_MINIMUM_ANSWERS,
    minimumStreamingMs: MODEL_FIGURES_MINIMUM_STREAMING_MS,
    computedAt: at,
    models: catalogue.engines.flatMap((engine) => {
      const available = engineAvailability(config, engine).available;
      return engine.models.map((model) => {
        const row = byModel.get(`${engine.id}\u0000${model.id}`);
        return {
          engine: engine.id,
          engineName: engine.name,
          model: model.id,
          name: model.name,
          available,
          credits: model.credits,
          contextTokens: contextTokensOf(model),
          tier: modelTier(model),
          accepts: modelAccepts(model),
          last24Hours: windowFigures(row, 'day'),
          last7Days: windowFigures(row, 'week'),
        };
      });
    }),
  };
}
