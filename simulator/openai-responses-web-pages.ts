import { hashText } from './stable-hash.ts';

/**
 * The pages a simulated web search "finds": two or three per prompt on example.* domains (reserved for
 * documentation, so a demo never links to a real site), always the same for the same prompt. OpenAI's web search
 * answers cite them as `url_citation` annotations; Perplexity's chunks list them as `citations` / `search_results`.
 */
export interface SimulatedWebPage {
  url: string;
  title: string;
  /** `YYYY-MM-DD`, as Perplexity's `search_results[].date`. */
  date: string;
}

interface Site {
  domain: string;
  name: string;
  section: string;
}

const sites: readonly Site[] = [
  { domain: 'docs.example.com', name: 'Example Docs', section: 'guides' },
  { domain: 'www.example.org', name: 'Example.org', section: 'articles' },
  { domain: 'blog.example.net', name: 'Example Engineering Blog', section: 'posts' },
  { domain: 'wiki.example.org', name: 'Example Wiki', section: 'wiki' },
  { domain: 'news.example.com', name: 'Example News', section: 'stories' },
];

const maximumSlugWords = 6;
const maximumTopicLength = 60;

function slugOf(prompt: string): string {
  const words = prompt
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '')
    .slice(0, maximumSlugWords);
  return words.length > 0 ? words.map((word) => encodeURIComponent(word)).join('-') : 'overview';
}

function topicOf(prompt: string): string {
  const trimmed = prompt.trim();
  if (trimmed === '') return 'Overview';
  const topic = trimmed.length > maximumTopicLength ? `${trimmed.slice(0, maximumTopicLength).trimEnd()}…` : trimmed;
  return topic.charAt(0).toUpperCase() + topic.slice(1);
}

/** Pages a poisoned search would cite: addresses that run script or embed a document, and a title cut in an emoji. */
const HOSTILE_PAGES: readonly SimulatedWebPage[] = [
  { url: 'javascript:alert(document.cookie)', title: 'Click me', date: '2025-01-01' },
  { url: 'data:text/html,<script>alert(1)</script>', title: 'Embedded', date: '2025-01-02' },
  { url: ' JavaScript:alert(2)', title: 'Spaced', date: '2025-01-03' },
  { url: 'https://docs.example.com/guides/emoji', title: 'Cut in an emoji \uD83D', date: '2025-01-04' },
];

export function simulatedWebPages(prompt: string, hostile = false): SimulatedWebPage[] {
  if (hostile) return [...HOSTILE_PAGES];
  const hash = hashText(prompt);
  const count = 2 + (hash % 2);
  const slug = slugOf(prompt);
  const topic = topicOf(prompt);
  return Array.from({ length: count }, (_, index) => {
    const site = sites[(hash + index) % sites.length] as Site;
    const month = 1 + ((hash >>> (8 + index)) % 12);
    const day = 1 + ((hash >>> (12 + index)) % 28);
    return {
      url: `https://${site.domain}/${site.section}/${slug}`,
      title: `${topic} | ${site.name}`,
      date: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    };
  });
}
