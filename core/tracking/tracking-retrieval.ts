import type { EntityManager } from '@mikro-orm/postgresql';
import type { BrandConfig } from '../../contract/ask.ts';
import type { SearchTrail } from '../../contract/search-trail.ts';
import { RETRIEVAL_LIMITS, type CompetitorOnlyQuery, type PromptFanOut, type RetrievalSite, type TrackingRetrieval } from '../../contract/tracking-retrieval.ts';
import { siteRules } from './site-matching.ts';
import { proportionEstimate } from './tracking-rate-statistics.ts';

/**
 * A set's retrieval figures over the completed runs of the last `days` days, read from the search trails stored with
 * its answers (`model_runs.search_trail`). The unit is the answer: a site counts once per answer however many of its
 * pages came back, so its rates are proportions of answers with Wilson intervals, like visibility. Answers without a
 * trail (no web search) are left out, never counted as "not retrieved". The newest answers are read first, at most
 * `MAX_ANSWERS`, so a busy set costs a bounded read.
 */
const MAX_ANSWERS = 5_000;

interface TrailRow {
  prompt: string;
  search_trail: SearchTrail;
}

export async function trackingRetrieval(em: EntityManager, set: { id: string; brand: BrandConfig }, days: number): Promise<TrackingRetrieval> {
  const rows = await em.execute<TrailRow[]>(
    `select result.prompt, run.search_trail
       from tracking_results as result
       join tracking_runs as tracking on tracking.id = result.run_id
       join model_runs as run on run.id = result.model_run_id
      where result.set_id = ? and tracking.status = 'completed' and result.status = 'completed'
        and tracking.slot_start >= now() - make_interval(days => ?) and run.search_trail is not null
      order by result.created_at desc, result.id
      limit ${MAX_ANSWERS}`,
    [set.id, days],
  );
  return retrievalFigures(rows, set.brand, days);
}

/** The figures from the answers' trails (pure, so the counting is tested without a database). */
export function retrievalFigures(rows: readonly TrailRow[], brand: BrandConfig, days: number): TrackingRetrieval {
  const rules = siteRules(brand);
  const counts = rules.map(() => ({ retrieved: 0, cited: 0, hosts: new Map<string, number>() }));
  const competitorOnly = new Map<string, { query: string; prompt: string; competitors: Set<string>; answers: number }>();
  const prompts = new Map<string, { answers: number; withQueries: number; queryCount: number; queries: Map<string, number> }>();
  let answersWithQueries = 0;
  let unresolvedSources = 0;

  for (const { prompt, search_trail: trail } of rows) {
    const retrievedBy = new Set<number>();
    const citedBy = new Set<number>();
    for (const source of trail.sources) {
      if (source.resolution === 'unresolved') unresolvedSources += 1;
      if (!source.host) continue;
      rules.forEach((rule, index) => {
        if (!rule.matches(source.host as string)) return;
        const count = counts[index]!;
        count.hosts.set(source.host as string, (count.hosts.get(source.host as string) ?? 0) + 1);
        if (source.retrieved || source.cited) retrievedBy.add(index);
        if (source.cited) citedBy.add(index);
      });
    }
    for (const index of retrievedBy) counts[index]!.retrieved += 1;
    for (const index of citedBy) counts[index]!.cited += 1;

    const queries = [...new Set(trail.queries)];
    if (queries.length > 0) answersWithQueries += 1;
    const perPrompt = prompts.get(prompt) ?? { answers: 0, withQueries: 0, queryCount: 0, queries: new Map<string, number>() };
    perPrompt.answers += 1;
    if (queries.length > 0) perPrompt.withQueries += 1;
    perPrompt.queryCount += queries.length;
    for (const query of queries) perPrompt.queries.set(query, (perPrompt.queries.get(query) ?? 0) + 1);
    prompts.set(prompt, perPrompt);

    // The brand is rule 0; a competitor found where the brand was not is a query the brand lost.
    const competitors = [...retrievedBy].filter((index) => index > 0).map((index) => rules[index]!.name);
    if (!retrievedBy.has(0) && competitors.length > 0) {
      for (const query of queries) {
        const key = `${prompt}\u0000${query}`;
        const entry = competitorOnly.get(key) ?? { query, prompt, competitors: new Set<string>(), answers: 0 };
        entry.answers += 1;
        for (const name of competitors) entry.competitors.add(name);
        competitorOnly.set(key, entry);
      }
    }
  }

  const searchedAnswers = rows.length;
  const sites: RetrievalSite[] = rules.map((rule, index) => {
    const count = counts[index]!;
    return {
      name: rule.name,
      isBrand: rule.isBrand,
      matchedBy: rule.matchedBy,
      hosts: [...count.hosts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([host]) => host),
      retrieved: proportionEstimate(count.retrieved, searchedAnswers),
      cited: proportionEstimate(count.cited, searchedAnswers),
      citedWhenRetrieved: proportionEstimate(count.cited, count.retrieved),
    };
  });
  const competitorOnlyQueries: CompetitorOnlyQuery[] = [...competitorOnly.values()]
    .sort((a, b) => b.answers - a.answers || a.query.localeCompare(b.query))
    .slice(0, RETRIEVAL_LIMITS.competitorOnlyQueries)
    .map((entry) => ({ query: entry.query, prompt: entry.prompt, competitors: [...entry.competitors].sort(), answers: entry.answers }));
  const fanOut: PromptFanOut[] = [...prompts.entries()].map(([prompt, entry]) => ({
    prompt,
    answers: entry.answers,
    queriesPerAnswer: entry.withQueries === 0 ? null : Math.round((entry.queryCount / entry.withQueries) * 10) / 10,
    queries: [...entry.queries.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, RETRIEVAL_LIMITS.queriesPerPrompt)
      .map(([query, answers]) => ({ query, answers })),
  }));
  return { days, searchedAnswers, answersWithQueries, unresolvedSources, sites, competitorOnlyQueries, fanOut };
}
