import type { EntityManager } from '@mikro-orm/postgresql';
import type { FactCheckDashboard } from '../../contract/brand-facts.ts';
import type { TrackingSurface } from '../../contract/tracking.ts';
import { csvRow } from '../text/index.ts';
import { BASELINE_DAYS, type AlertRule } from './tracking-alerts.ts';
import { type ProportionSample, twoProportionTest, wilsonInterval } from '../statistics/index.ts';
import { setSurfaces } from './tracking-results-repository.ts';

/**
 * A set's fact-checks: how often each model's answers about the brand contradict the brand's fact sheet, run by run,
 * which facts they get wrong and in what words, and whether contradictions rose in the latest run. Only answers a
 * judge checked count (those naming the brand, checked while a judge was configured); an unchecked answer is no
 * reading, as a failed one is none for visibility. One surface at a time, like the dashboard.
 */

const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The same window the dashboard draws: the latest completed runs. */
const SERIES_RUNS = 120;
const TOP_FACTS = 20;
const QUOTES = 50;

/** Every checked answer of the window on one surface, with its run. */
const CHECKED = `
  with checked as (
    select result.id as result_id, result.run_id, result.engine, result.model, result.prompt, tracking.slot_start, tracking.started_at,
           fact_check.statements, fact_check.contradictions
      from tracking_runs as tracking
      join tracking_results as result on result.run_id = tracking.id and result.status = 'completed'
      join answer_fact_checks as fact_check on fact_check.run_id = result.model_run_id
     where tracking.id in (select id from tracking_runs where set_id = ? and status = 'completed' order by slot_start desc limit ${SERIES_RUNS})
       and result.surface = ?
  )`;

export interface ContradictionShare {
  checked: number;
  contradicted: number;
  share: number | null;
  low: number;
  high: number;
}

export function contradictionShare(contradicted: number, checked: number): ContradictionShare {
  return { checked, contradicted, share: checked === 0 ? null : contradicted / checked, ...wilsonInterval(contradicted, checked) };
}

/**
 * The rise worth an alert, or undefined: the visibility alerts' rules turned round. Both windows need the set's
 * minimum of checked answers, the latest run's share must be above the baseline's, and the pooled two-proportion test
 * must put the difference below the set's p-value. A jump from 0 of 4 to 2 of 5 is noise and stays silent.
 */
export function significantRise(current: ProportionSample, baseline: ProportionSample, rule: AlertRule): FactCheckDashboard['alert'] {
  if (current.trials < rule.minReadings || baseline.trials < rule.minReadings) return null;
  if (current.successes / current.trials <= baseline.successes / baseline.trials) return null;
  const { p } = twoProportionTest(baseline, current);
  if (!(p < rule.pValue)) return null;
  return { baseline: contradictionShare(baseline.successes, baseline.trials), current: contradictionShare(current.successes, current.trials), p };
}

/**
 * Checked answers, and those with a contradiction, in a run (the given one, or the set's latest completed run) and in
 * every completed run of the `BASELINE_DAYS` before its slot, on one surface: the two windows visibility alerts
 * compare, counted over fact-checks.
 */
export async function contradictionWindows(
  em: EntityManager,
  setId: string,
  runId: string | null,
  surface: TrackingSurface,
  dayMs: number,
): Promise<{ current: ProportionSample; baseline: ProportionSample }> {
  const rows = await em.execute<{ current_checked: number; current_contradicted: number; baseline_checked: number; baseline_contradicted: number }[]>(
    `with current as (
       select id, slot_start from tracking_runs
        where set_id = ? and (id = ?::uuid or (?::uuid is null and status = 'completed'))
        order by slot_start desc limit 1
     )
     select count(*) filter (where result.run_id = current.id)::int as current_checked,
            count(*) filter (where result.run_id = current.id and fact_check.contradictions > 0)::int as current_contradicted,
            count(*) filter (where result.run_id <> current.id)::int as baseline_checked,
            count(*) filter (where result.run_id <> current.id and fact_check.contradictions > 0)::int as baseline_contradicted
       from current
       join tracking_runs as window_run on window_run.set_id = ?
        and (window_run.id = current.id
             or (window_run.status = 'completed' and window_run.slot_start < current.slot_start
                 and window_run.slot_start >= current.slot_start - make_interval(secs => ? / 1000.0)))
       join tracking_results as result on result.run_id = window_run.id and result.status = 'completed' and result.surface = ?
       join answer_fact_checks as fact_check on fact_check.run_id = result.model_run_id`,
    [setId, runId, runId, setId, BASELINE_DAYS * dayMs, surface],
  );
  const row = rows[0];
  return {
    current: { successes: row?.current_contradicted ?? 0, trials: row?.current_checked ?? 0 },
    baseline: { successes: row?.baseline_contradicted ?? 0, trials: row?.baseline_checked ?? 0 },
  };
}

interface SetForFacts {
  id: string;
  brand: { facts?: unknown[] | undefined };
  alertPValue: number;
  alertMinReadings: number;
}

export async function trackingFactChecks(
  em: EntityManager,
  set: SetForFacts,
  options: { judgeModel: string | null; surface?: TrackingSurface | undefined; dayMs: number },
): Promise<FactCheckDashboard> {
  const surface = options.surface ?? (await setSurfaces(em, set.id))[0] ?? 'model';
  const [cells, facts, quotes, windows] = await Promise.all([
    em.execute<{ run_id: string; started_at: string; engine: string; model: string; checked: number; contradicted: number }[]>(
      `${CHECKED}
       select run_id, ${iso('started_at')} as started_at, engine, model, count(*)::int as checked, count(*) filter (where contradictions > 0)::int as contradicted
         from checked group by run_id, slot_start, started_at, engine, model order by slot_start, engine, model`,
      [set.id, surface],
    ),
    em.execute<{ fact: string; answers: number; models: string[] }[]>(
      `${CHECKED}
       select statement->>'fact' as fact, count(distinct result_id)::int as answers,
              array_agg(distinct engine || '/' || model order by engine || '/' || model) as models
         from checked cross join lateral jsonb_array_elements(statements) as statement
        where statement->>'verdict' = 'contradicted'
        group by statement->>'fact' order by answers desc, fact limit ${TOP_FACTS}`,
      [set.id, surface],
    ),
    em.execute<{ result_id: string; started_at: string; engine: string; model: string; prompt: string; fact: string; quote: string }[]>(
      `${CHECKED}
       select result_id, ${iso('started_at')} as started_at, engine, model, prompt, statement->>'fact' as fact, statement->>'quote' as quote
         from checked cross join lateral jsonb_array_elements(statements) as statement
        where statement->>'verdict' = 'contradicted'
        order by slot_start desc, engine, model, result_id limit ${QUOTES}`,
      [set.id, surface],
    ),
    contradictionWindows(em, set.id, null, surface, options.dayMs),
  ]);

  const overTime = new Map<string, { runId: string; startedAt: string; checked: number; contradicted: number }>();
  const models = new Map<string, { engine: string; model: string; checked: number; contradicted: number; points: { runId: string; startedAt: string; checked: number; contradicted: number }[] }>();
  for (const cell of cells) {
    const run = overTime.get(cell.run_id) ?? { runId: cell.run_id, startedAt: cell.started_at, checked: 0, contradicted: 0 };
    run.checked += cell.checked;
    run.contradicted += cell.contradicted;
    overTime.set(cell.run_id, run);
    const key = `${cell.engine}/${cell.model}`;
    const entry = models.get(key) ?? { engine: cell.engine, model: cell.model, checked: 0, contradicted: 0, points: [] };
    entry.checked += cell.checked;
    entry.contradicted += cell.contradicted;
    entry.points.push({ runId: cell.run_id, startedAt: cell.started_at, checked: cell.checked, contradicted: cell.contradicted });
    models.set(key, entry);
  }
  const point = (entry: { runId: string; startedAt: string; checked: number; contradicted: number }) => ({
    runId: entry.runId,
    startedAt: entry.startedAt,
    ...contradictionShare(entry.contradicted, entry.checked),
  });
  const totalChecked = cells.reduce((sum, cell) => sum + cell.checked, 0);
  const totalContradicted = cells.reduce((sum, cell) => sum + cell.contradicted, 0);
  return {
    judgeModel: options.judgeModel,
    facts: set.brand.facts?.length ?? 0,
    overall: contradictionShare(totalContradicted, totalChecked),
    byModel: [...models.values()].map((entry) => ({
      engine: entry.engine,
      model: entry.model,
      ...contradictionShare(entry.contradicted, entry.checked),
      points: entry.points.map(point),
    })),
    overTime: [...overTime.values()].map(point),
    contradictedFacts: facts.map((row) => ({ fact: row.fact, answers: row.answers, models: row.models })),
    quotes: quotes.map((row) => ({ resultId: row.result_id, startedAt: row.started_at, engine: row.engine, model: row.model, prompt: row.prompt, fact: row.fact, quote: row.quote })),
    alert: significantRise(windows.current, windows.baseline, { pValue: set.alertPValue, minReadings: set.alertMinReadings }),
  };
}

/** The export's columns: one line per contradicted statement. */
export const FACT_CSV_COLUMNS = ['run_id', 'run_started_at', 'result_id', 'surface', 'engine', 'model', 'model_version', 'prompt', 'fact', 'quote', 'judge_model', 'checked_at'] as const;

const CSV_PAGE = 500;

/** Every contradiction of a set, every surface, oldest first, read a page at a time and yielded as it goes. */
export async function* factContradictionsCsv(em: EntityManager, setId: string): AsyncGenerator<string> {
  yield csvRow(FACT_CSV_COLUMNS);
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await em.execute<{ run_id: string; run_started_at: string; result_id: string; surface: string; engine: string; model: string; model_version: string | null; prompt: string; judge_model: string; checked_at: string; statements: { verdict: string; quote: string; fact: string | null }[]; cursor_at: string }[]>(
      `select result.run_id, ${iso('tracking.started_at')} as run_started_at, result.id as result_id, result.surface, result.engine, result.model, result.model_version,
              result.prompt, fact_check.judge_model, ${iso('fact_check.checked_at')} as checked_at, fact_check.statements,
              to_char(result.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at
         from tracking_results as result
         join tracking_runs as tracking on tracking.id = result.run_id
         join answer_fact_checks as fact_check on fact_check.run_id = result.model_run_id
        where result.set_id = ? and fact_check.contradictions > 0
          and (?::timestamp is null or (result.created_at at time zone 'UTC', result.id) > (?::timestamp, ?::uuid))
        order by result.created_at, result.id
        limit ${CSV_PAGE}`,
      [setId, after?.createdAt ?? null, after?.createdAt ?? null, after?.id ?? null],
    );
    if (rows.length === 0) return;
    const lines: string[] = [];
    for (const row of rows) {
      for (const statement of row.statements) {
        if (statement.verdict !== 'contradicted') continue;
        lines.push(
          csvRow([row.run_id, row.run_started_at, row.result_id, row.surface, row.engine, row.model, row.model_version, row.prompt, statement.fact, statement.quote, row.judge_model, row.checked_at]),
        );
      }
    }
    yield lines.join('');
    const last = rows.at(-1)!;
    after = { createdAt: last.cursor_at, id: last.result_id };
    if (rows.length < CSV_PAGE) return;
  }
}
