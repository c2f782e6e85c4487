import { brandPoolFor, isBrandQuestion } from './brand-answer.ts';
import { simulatedWebPages, type SimulatedWebPage } from './openai-responses-web-pages.ts';
import { brandsNamedIn } from './question-brands.ts';
import { hashText } from './stable-hash.ts';

/**
 * What a simulated web search runs and finds for a prompt, shared by every provider that searches (OpenAI's
 * Responses, Perplexity, Gemini's grounding): two or three fan-out queries, the pages the answer cites (the same
 * `simulatedWebPages` as ever) and pages it retrieved but does not cite. A brand question also retrieves the sites of
 * the brands it concerns (`www.<brand>.example`, a reserved domain, so a demo never links to a real company), and
 * cites some of them, seeded per prompt and asking, so a tracked set's retrieval figures have something to count.
 */
export interface SimulatedSearch {
  queries: string[];
  /** The pages the answer cites, in the order it cites them. */
  cited: SimulatedWebPage[];
  /** The pages retrieved and left uncited. */
  retrievedOnly: SimulatedWebPage[];
}

const FAN_OUT_SUFFIXES = ['reviews', 'comparison', 'pricing', 'alternatives', 'guide'] as const;

function searchWords(prompt: string): string {
  const words = prompt.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, ' ').split(/\s+/).filter((word) => word !== '');
  return words.slice(0, 8).join(' ') || 'search';
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'brand';
}

/** A brand's own site as the simulator's searches find it. */
export function simulatedBrandSite(brand: string): string {
  return `www.${slug(brand)}.example`;
}

export function simulatedSearch(prompt: string, sample = 0, hostile = false): SimulatedSearch {
  const cited = simulatedWebPages(prompt, hostile);
  if (hostile) return { queries: [searchWords(prompt)], cited, retrievedOnly: [] };
  const hash = hashText(`search\u0000${prompt}\u0000${sample}`);
  const base = searchWords(prompt);
  const queries = [base, ...Array.from({ length: 1 + (hash % 2) }, (_, index) => `${base} ${FAN_OUT_SUFFIXES[(hash + index) % FAN_OUT_SUFFIXES.length]}`)];
  const topicPage: SimulatedWebPage = { url: `https://reviews.example.net/roundups/${encodeURIComponent(slug(base))}`, title: `${base} roundup | Example Reviews`, date: '2025-06-01' };
  const retrievedOnly: SimulatedWebPage[] = [topicPage];
  if (isBrandQuestion(prompt)) {
    const pool = brandPoolFor(prompt);
    const brands = [...brandsNamedIn(prompt), ...pool.slice(0, 3)].filter((brand, index, all) => all.findIndex((other) => other.toLowerCase() === brand.toLowerCase()) === index);
    brands.forEach((brand, index) => {
      const page = { url: `https://${simulatedBrandSite(brand)}/`, title: `${brand} | Official site`, date: '2025-05-01' };
      // Each brand's site is cited in about a third of the askings, differently per asking.
      if (((hash >>> (index * 3)) & 7) < 3) cited.push(page);
      else retrievedOnly.push(page);
    });
  }
  return { queries, cited, retrievedOnly };
}
