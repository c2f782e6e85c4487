import type { SearchTrail } from '../../contract/search-trail.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TRACKING_SURFACES, type TrackingDashboard, type TrackingResult, type TrackingSurface } from '../../contract/tracking.ts';
import { modelChanges, type VersionCount } from './model-changes.ts';
import { withSegments } from './series-segments.ts';
import { FACT_CHECK_COLUMNS, factCheckFromRow, type FactCheckRow } from '../brand/index.ts';
import { analyserChanges, settingChanges, type RunSettings } from './setting-changes.ts';
import { BASELINE_DAYS } from './tracking-alerts.ts';
import { pairedCells, pairedComparison } from './paired-cells.ts';
import type { PairedComparison } from '../../contract/tracking-paired.ts';
import { SUMMARY_COLUMNS, summaryFromRow, type SummaryRow } from './tracking-summary.ts';

/** The queries behind the tracking dashboard, the drill-down and the exports, always for one set. */

const iso = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The dashboard draws at most this many runs (the latest), and this many cited domains. */
const SERIES_RUNS = 120;
const TOP_DOMAINS = 10;

interface PointRow extends SummaryRow {
  run_id: string;
  slot_start: string;
  started_at: string;
}

interface GroupedPointRow extends PointRow {
  engine?: string;
  model?: string;
  country?: string;
  surface?: TrackingSurface;
}

const point = (row: PointRow) => ({ slotStart: row.slot_start, startedAt: row.started_at, runId: row.run_id, ...summaryFromRow(row) });
type Point = ReturnType<typeof point>;

/** The set's latest completed runs, which every series and marker is drawn over. */
const WINDOW_RUNS = `select id from tracking_runs where set_id = ? and status = 'completed' order by slot_start desc limit ${SERIES_RUNS}`;

function seriesQuery(groupColumns: string, extraFilter = ''): string {
  return `select tracking.id as run_id, ${iso('tracking.slot_start')} as slot_start, ${iso('tracking.started_at')} as started_at${groupColumns ? `, ${groupColumns}` : ''}, ${SUMMARY_COLUMNS}
            from tracking_runs as tracking join tracking_results as result on result.run_id = tracking.id
           where tracking.id in (${WINDOW_RUNS})
             ${extraFilter}
           group by tracking.id, tracking.slot_start, tracking.started_at${groupColumns ? `, ${groupColumns}` : ''}
           order by tracking.slot_start`;
}

/** The surfaces a set has readings from, in the order they are offered. */
export async function setSurfaces(em: EntityManager, setId: string): Promise<TrackingSurface[]> {
  const rows = await em.execute<{ surface: TrackingSurface }[]>(`select distinct surface from tracking_results where set_id = ?`, [setId]);
  const present = new Set(rows.map((row) => row.surface));
  return TRACKING_SURFACES.filter((surface) => present.has(surface));
}

/** Per run and model, how many answers reported each version: what model changes are read from. */
async function versionCounts(em: EntityManager, setId: string): Promise<VersionCount[]> {
  const rows = await em.execute<{ run_id: string; slot_start: string; started_at: string; engine: string; model: string; surface: TrackingSurface; version: string; answers: number }[]>(
    `select tracking.id as run_id, ${iso('tracking.slot_start')} as slot_start, ${iso('tracking.started_at')} as started_at,
            result.engine, result.model, result.surface, result.model_version as version, count(*)::int as answers
       from tracking_runs as tracking join tracking_results as result on result.run_id = tracking.id
      where tracking.id in (${WINDOW_RUNS}) and result.model_version is not null
      group by tracking.id, tracking.slot_start, tracking.started_at, result.engine, result.model, result.surface, result.model_version`,
    [setId],
  );
  return rows.map((row) => ({ runId: row.run_id, slotStart: row.slot_start, startedAt: row.started_at, engine: row.engine, model: row.model, surface: row.surface, version: row.version, answers: row.answers }));
}

/**
 * Per run and model, the temperature and web search most of its answers were asked with (ties: the highest
 * temperature, then search on, so the result is stable); and per run, the analyser most of its readings carry.
 */
async function readingSettings(em: EntityManager, setId: string): Promise<{ settings: RunSettings[]; analysers: { runId: string; slotStart: string; startedAt: string; analyser: string | null }[] }> {
  const [settings, analysers] = await Promise.all([
    em.execute<{ run_id: string; slot_start: string; started_at: string; engine: string; model: string; surface: TrackingSurface; temperature: number | null; web_search: boolean }[]>(
      `select distinct on (tracking.id, result.engine, result.model, result.surface)
              tracking.id as run_id, ${iso('tracking.slot_start')} as slot_start, ${iso('tracking.started_at')} as started_at,
              result.engine, result.model, result.surface, result.temperature::float8 as temperature, result.web_search
         from tracking_runs as tracking join tracking_results as result on result.run_id = tracking.id
        where tracking.id in (${WINDOW_RUNS}) and result.status = 'completed'
        group by tracking.id, tracking.slot_start, tracking.started_at, result.engine, result.model, result.surface, result.temperature, result.web_search
        order by tracking.id, result.engine, result.model, result.surface, count(*) desc, result.temperature desc nulls last, result.web_search desc`,
      [setId],
    ),
    em.execute<{ run_id: string; slot_start: string; started_at: string; analyser: string | null }[]>(
      `select distinct on (tracking.id) tracking.id as run_id, ${iso('tracking.slot_start')} as slot_start, ${iso('tracking.started_at')} as started_at, result.analyser_version as analyser
         from tracking_runs as tracking join tracking_results as result on result.run_id = tracking.id
        where tracking.id in (${WINDOW_RUNS}) and result.status = 'completed' and result.analyser_version is not null
        group by tracking.id, tracking.slot_start, tracking.started_at, result.analyser_version
        order by tracking.id, count(*) desc, result.analyser_version desc`,
      [setId],
    ),
  ]);
  return {
    settings: settings.map((row) => ({
      runId: row.run_id, slotStart: row.slot_start, startedAt: row.started_at, engine: row.engine, model: row.model, surface: row.surface,
      // Stored as real: rounded back to the few decimals it was sent with, so 0.7 reads 0.7.
      temperature: row.temperature === null ? null : Number(row.temperature.toPrecision(6)), webSearch: row.web_search,
    })),
    analysers: analysers.map((row) => ({ runId: row.run_id, slotStart: row.slot_start, startedAt: row.started_at, analyser: row.analyser })),
  };
}

/** The set's latest completed run against the 7 days before it, on one surface, cell by cell. */
async function latestPaired(em: EntityManager, setId: string, surface: TrackingSurface | null, baselineMs: number): Promise<PairedComparison | null> {
  if (surface === null) return null;
  const [latest] = await em.execute<{ id: string }[]>(`select id from tracking_runs where set_id = ? and status = 'completed' order by slot_start desc limit 1`, [setId]);
  if (!latest) return null;
  const cells = (await pairedCells(em, latest.id, baselineMs)).get(surface) ?? [];
  return pairedComparison(cells);
}

/**
 * A set's dashboard for one surface (the asked one, or the first the set has): every series, the cited domains and
 * the model changes are that surface's alone, and each series is split where a model it draws on changed version.
 * Each surface's overall series comes along too, so the surfaces can be shown side by side, never averaged.
 */
export async function trackingDashboard(em: EntityManager, setId: string, asked?: TrackingSurface, dayMs = 86_400_000): Promise<TrackingDashboard> {
  const [surfaces, counts, bySurface, reading] = await Promise.all([
    setSurfaces(em, setId),
    versionCounts(em, setId),
    em.execute<GroupedPointRow[]>(seriesQuery('result.surface'), [setId]),
    readingSettings(em, setId),
  ]);
  const surface = asked ?? surfaces[0] ?? null;
  const versionChanges = modelChanges(counts);
  const settingsChanged = settingChanges(reading.settings);
  // A line breaks wherever the model behind it, or the way it was asked, changed.
  const changes: { slotStart: string; surface: TrackingSurface; engine: string; model: string }[] = [...versionChanges, ...settingsChanged];
  const onSurface = changes.filter((change) => change.surface === surface);
  const only = 'and result.surface = ?';
  const [overall, byModel, byCountry, domains] = await Promise.all([
    em.execute<PointRow[]>(seriesQuery('', only), [setId, surface]),
    em.execute<GroupedPointRow[]>(seriesQuery('result.engine, result.model', only), [setId, surface]),
    em.execute<GroupedPointRow[]>(seriesQuery('result.country', `${only} and result.country is not null`), [setId, surface]),
    em.execute<{ domain: string; count: number }[]>(
      `select domain, count(*)::int as count
         from tracking_results as result cross join lateral jsonb_array_elements_text(result.cited_domains) as domain
        where result.set_id = ? and result.status = 'completed' ${only}
        group by domain order by count desc, domain limit ${TOP_DOMAINS}`,
      [setId, surface],
    ),
  ]);
  const models = new Map<string, { engine: string; model: string; points: Point[] }>();
  for (const row of byModel) {
    const key = `${row.engine}/${row.model}`;
    const entry = models.get(key) ?? { engine: row.engine!, model: row.model!, points: [] };
    entry.points.push(point(row));
    models.set(key, entry);
  }
  const countries = new Map<string, { country: string; points: Point[] }>();
  for (const row of byCountry) {
    const entry = countries.get(row.country!) ?? { country: row.country!, points: [] };
    entry.points.push(point(row));
    countries.set(row.country!, entry);
  }
  const surfaceSeries = new Map<TrackingSurface, Point[]>();
  for (const row of bySurface) surfaceSeries.set(row.surface!, [...(surfaceSeries.get(row.surface!) ?? []), point(row)]);
  return {
    surface,
    surfaces: surfaces.map((each) => ({ surface: each, points: withSegments(surfaceSeries.get(each) ?? [], changes.filter((change) => change.surface === each)) })),
    modelChanges: versionChanges.filter((change) => change.surface === surface),
    settingChanges: settingsChanged.filter((change) => change.surface === surface),
    analyserChanges: analyserChanges(reading.analysers),
    paired: await latestPaired(em, setId, surface, BASELINE_DAYS * dayMs),
    overall: withSegments(overall.map(point), onSurface),
    byModel: [...models.values()].map((entry) => ({
      ...entry,
      points: withSegments(entry.points, onSurface.filter((change) => change.engine === entry.engine && change.model === entry.model)),
    })),
    byCountry: [...countries.values()].map((entry) => ({ ...entry, points: withSegments(entry.points, onSurface) })),
    citedDomains: domains,
  };
}

interface ResultRow extends FactCheckRow {
  id: string;
  search_trail: SearchTrail | null;
  run_id: string;
  slot_start: string;
  prompt: string;
  engine: string;
  model: string;
  country: string | null;
  language: string | null;
  status: 'completed' | 'error';
  surface: TrackingSurface;
  model_version: string | null;
  temperature: number | null;
  web_search: boolean;
  analyser_version: string | null;
  reanalysed_at: string | null;
  mentioned: boolean;
  position: number | null;
  sentiment: TrackingResult['sentiment'];
  sentiment_by: TrackingResult['sentimentBy'];
  share_of_voice: number | null;
  cited_domains: string[];
  credits_charged: number;
  answer: string | null;
  created_at: string;
}

function resultFromRow(row: ResultRow): TrackingResult {
  return {
    id: row.id,
    runId: row.run_id,
    slotStart: row.slot_start,
    prompt: row.prompt,
    engine: row.engine,
    model: row.model,
    country: row.country,
    language: row.language,
    status: row.status,
    surface: row.surface,
    modelVersion: row.model_version,
    temperature: row.temperature === null ? null : Number(row.temperature.toPrecision(6)),
    webSearch: row.web_search,
    analyserVersion: row.analyser_version,
    reanalysedAt: row.reanalysed_at,
    mentioned: row.mentioned,
    position: row.position,
    sentiment: row.sentiment,
    sentimentBy: row.sentiment === null ? null : row.sentiment_by,
    shareOfVoice: row.share_of_voice,
    citedDomains: row.cited_domains,
    creditsCharged: row.credits_charged,
    answer: row.answer,
    createdAt: row.created_at,
    factCheck: factCheckFromRow(row),
    searchTrail: row.search_trail ?? null,
  };
}

export interface ResultsPage {
  limit: number;
  /** Continue after this result (keyset paging: stable while new runs are added). */
  after?: string | undefined;
  runId?: string | undefined;
}

/** A page of a set's results, oldest first, in the order the CSV lists them. */
export async function trackingResults(em: EntityManager, setId: string, page: ResultsPage): Promise<TrackingResult[]> {
  const rows = await em.execute<ResultRow[]>(
    `select result.id, result.run_id, ${iso('tracking.slot_start')} as slot_start, result.prompt, result.engine, result.model, result.country,
            result.language, result.status, result.surface, result.model_version, result.mentioned, result.position, result.sentiment, result.share_of_voice, result.cited_domains,
            result.credits_charged, result.answer, ${iso('result.created_at')} as created_at,
            result.temperature::float8 as temperature, result.web_search, result.analyser_version,
            case when result.reanalysed_at is null then null else ${iso('result.reanalysed_at')} end as reanalysed_at,
            -- Who made the verdict, from the answer's brand analysis (a person's correction is copied into sentiment).
            case when mention.corrected_at is not null then 'person'
                 when mention.analyser ->> 'kind' = 'judge' then 'judge' else 'local' end as sentiment_by,
            ${FACT_CHECK_COLUMNS},
            (select answer_run.search_trail from model_runs as answer_run where answer_run.id = result.model_run_id) as search_trail
       from tracking_results as result join tracking_runs as tracking on tracking.id = result.run_id
       left join brand_mentions as mention on mention.run_id = result.model_run_id
       left join answer_fact_checks as fact_check on fact_check.run_id = result.model_run_id
      where result.set_id = ?
        and (?::uuid is null or result.run_id = ?::uuid)
        and (?::uuid is null or (result.created_at, result.id) > (select created_at, id from tracking_results where id = ?::uuid))
      order by result.created_at, result.id
      limit ?`,
    [setId, page.runId ?? null, page.runId ?? null, page.after ?? null, page.after ?? null, page.limit],
  );
  return rows.map(resultFromRow);
}
