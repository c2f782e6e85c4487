import type { EntityManager } from '@mikro-orm/postgresql';
import type { CitedDomainRow, GridColumn, PromptShareOfVoice, TrackingTables } from '../../contract/tracking-tables.ts';
import type { TrackingSurface } from '../../contract/tracking.ts';
import { proportionEstimate, shareOfVoiceEstimate } from './tracking-rate-statistics.ts';
import { setSurfaces } from './tracking-results-repository.ts';

/**
 * The tables behind "what to do next", for one set over the completed runs of the last `days` days: the prompt ×
 * model visibility grid, the cited domains with the source opportunities among them, and every brand's share of
 * voice per prompt. One surface at a time (the asked one, else the set's first), like the dashboard: a plain model, a
 * model searching the web and the AI Overview answer different questions, so their readings are never pooled. Prompts are grouped by their text, so a set whose prompts were reordered still lines up.
 */

const TOP_DOMAINS = 25;
const TOP_OPPORTUNITIES = 20;

/** The window's completed answers, as a CTE the three tables read from. */
const WINDOW = `
  with answers as (
    select result.*
      from tracking_results as result join tracking_runs as tracking on tracking.id = result.run_id
     where result.set_id = ? and result.surface = ? and tracking.status = 'completed' and result.status = 'completed'
       and tracking.slot_start >= now() - make_interval(days => ?)
  )`;

interface GridRow {
  prompt: string;
  first_index: number;
  engine: string;
  model: string;
  country: string | null;
  mentioned: number;
  readings: number;
}

interface DomainRow {
  domain: string;
  answers: number;
  with_brand: number;
  with_competitors: number;
  competitors: string[];
}

interface PromptRow {
  prompt: string;
  brand_mentions: number[];
  all_mentions: number[];
  competitors: { name: string; mentions: number }[][];
}

export async function trackingTables(
  em: EntityManager,
  set: { id: string; brand: { brandName: string } },
  days: number,
  asked?: TrackingSurface,
): Promise<TrackingTables> {
  const surface = asked ?? (await setSurfaces(em, set.id))[0] ?? null;
  if (surface === null) return { days, surface, grid: { columns: [], rows: [] }, citedDomains: [], sourceOpportunities: [], shareOfVoiceByPrompt: [] };
  const [gridRows, domainRows, promptRows] = await Promise.all([
    em.execute<GridRow[]>(
      `${WINDOW}
       select prompt, min(prompt_index)::int as first_index, engine, model, country,
              count(*) filter (where mentioned)::int as mentioned, count(*)::int as readings
         from answers group by prompt, engine, model, country`,
      [set.id, surface, days],
    ),
    em.execute<DomainRow[]>(
      `${WINDOW},
       cited as (
         select answers.id, answers.mentioned, domain,
                coalesce((select array_agg(competitor->>'name') from jsonb_array_elements(answers.competitors) as competitor
                           where (competitor->>'mentions')::int > 0), '{}') as named
           from answers cross join lateral (select distinct value as domain from jsonb_array_elements_text(answers.cited_domains)) as domains
       )
       select domain, count(*)::int as answers, count(*) filter (where mentioned)::int as with_brand,
              count(*) filter (where cardinality(named) > 0)::int as with_competitors,
              coalesce((select array_agg(distinct name order by name) from cited as inner_cited cross join unnest(inner_cited.named) as name
                         where inner_cited.domain = cited.domain), '{}') as competitors
         from cited group by domain`,
      [set.id, surface, days],
    ),
    em.execute<PromptRow[]>(
      `${WINDOW}
       select prompt, array_agg(brand_mentions order by id) as brand_mentions, array_agg(all_brand_mentions order by id) as all_mentions,
              jsonb_agg(competitors order by id) as competitors
         from answers group by prompt order by min(prompt_index), prompt`,
      [set.id, surface, days],
    ),
  ]);
  const domains = domainRows.map(domainFromRow);
  return {
    days,
    surface,
    grid: visibilityGrid(gridRows),
    citedDomains: [...domains].sort((a, b) => b.answers - a.answers || a.domain.localeCompare(b.domain)).slice(0, TOP_DOMAINS),
    sourceOpportunities: domains
      .filter((row) => row.withCompetitors > 0 && row.withBrand === 0)
      .sort((a, b) => b.withCompetitors - a.withCompetitors || a.domain.localeCompare(b.domain))
      .slice(0, TOP_OPPORTUNITIES),
    shareOfVoiceByPrompt: promptRows.map((row) => promptShareOfVoice(row, set.brand.brandName)),
  };
}

function domainFromRow(row: DomainRow): CitedDomainRow {
  return { domain: row.domain, answers: row.answers, withBrand: row.with_brand, withCompetitors: row.with_competitors, competitors: row.competitors };
}

/** Rows in the set's prompt order, columns by model (then country); a prompt a model was never asked has a null cell. */
function visibilityGrid(rows: GridRow[]): TrackingTables['grid'] {
  const columnKey = (row: GridColumn) => `${row.engine}/${row.model}/${row.country ?? ''}`;
  const columns = new Map<string, GridColumn>();
  const prompts = new Map<string, number>();
  for (const row of rows) {
    columns.set(columnKey(row), { engine: row.engine, model: row.model, country: row.country });
    prompts.set(row.prompt, Math.min(prompts.get(row.prompt) ?? Infinity, row.first_index));
  }
  const orderedColumns = [...columns.values()].sort((a, b) => columnKey(a).localeCompare(columnKey(b)));
  const cells = new Map(rows.map((row) => [`${row.prompt}\u0000${columnKey(row)}`, proportionEstimate(row.mentioned, row.readings)]));
  const orderedPrompts = [...prompts].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([prompt]) => prompt);
  return {
    columns: orderedColumns,
    rows: orderedPrompts.map((prompt) => ({ prompt, cells: orderedColumns.map((column) => cells.get(`${prompt}\u0000${columnKey(column)}`) ?? null) })),
  };
}

/**
 * The brand's and each competitor's share of all brands' mentions in one prompt's answers, largest first; every
 * share resamples the same answers, so the intervals are comparable. A competitor never named is left out.
 */
function promptShareOfVoice(row: PromptRow, brandName: string): PromptShareOfVoice {
  const names = new Map<string, number[]>();
  row.competitors.forEach((competitors, answer) => {
    for (const competitor of competitors) {
      const counts = names.get(competitor.name) ?? new Array<number>(row.all_mentions.length).fill(0);
      counts[answer] = Number(competitor.mentions) || 0;
      names.set(competitor.name, counts);
    }
  });
  const all = row.all_mentions.map(Number);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const brand = row.brand_mentions.map(Number);
  const brands = [
    { name: brandName, isBrand: true, mentions: sum(brand), share: shareOfVoiceEstimate(brand, all) },
    ...[...names]
      .filter(([, counts]) => sum(counts) > 0)
      .map(([name, counts]) => ({ name, isBrand: false, mentions: sum(counts), share: shareOfVoiceEstimate(counts, all) })),
  ].sort((a, b) => b.mentions - a.mentions || Number(b.isBrand) - Number(a.isBrand));
  return { prompt: row.prompt, answers: all.length, brands };
}
