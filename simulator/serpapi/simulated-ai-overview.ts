import { generateBrandAnswer, isBrandQuestion } from '../brand-answer.ts';
import { generateDeterministicAnswer } from '../deterministic-answer.ts';
import { simulatedSearch } from '../simulated-search.ts';

/**
 * The simulated AI Overview for a query, in SerpApi's `ai_overview` shape: a heading, paragraphs and a list, with
 * references. Its words are the shared deterministic answer's, regrouped into text blocks:
 *
 * - the answer's lead line (`**google-ai-overview** on “…”`) becomes a `heading` block without the asterisks
 *   (a short answer's `**google-ai-overview:**` becomes the heading `google-ai-overview`, the rest a paragraph);
 * - a bullet section (`Key points:` and `- …` lines) becomes a `paragraph` for its introduction and a `list`;
 * - every other blank-line-separated section becomes a `paragraph`.
 *
 * So the same query always gets the same overview (in demo mode, each asking is a new sample, worded a little
 * differently), and an adapter rendering it to markdown gets the deterministic answer back with a `### ` heading
 * and a blank line before the list.
 *
 * A query asking for brands ("best CRM tools") is answered as the simulated models answer it instead: an opening
 * paragraph, a list naming several brands of the topic with a tone each, and a closing paragraph, varied by the
 * sample. It never echoes the query, so a brand named in the question is not "mentioned" by the overview, except in
 * demo mode, where the brands a query names join the list.
 */
export const SIMULATED_OVERVIEW_MODEL = 'google-ai-overview';

export interface SimulatedListItem {
  snippet: string;
  reference_indexes: number[];
}

export type SimulatedTextBlock =
  | { type: 'heading'; snippet: string }
  | { type: 'paragraph'; snippet: string; snippet_highlighted_words?: string[]; reference_indexes: number[] }
  | { type: 'list'; list: SimulatedListItem[] };

export interface SimulatedReference {
  title: string;
  link: string;
  snippet: string;
  source: string;
  index: number;
}

export interface SimulatedAiOverview {
  text_blocks: SimulatedTextBlock[];
  references: SimulatedReference[];
}

function slugOf(query: string): string {
  const slug = query
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'overview' : slug;
}

function shortened(query: string): string {
  const trimmed = query.trim();
  if (trimmed === '') return 'This topic';
  return trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
}

/** Pages on reserved example domains (RFC 2606), so demo mode never sends anyone to a real site by accident. */
/** The text blocks cite the first three references; the fourth is only listed, as Google lists pages it read. */
const CITED_REFERENCES = 3;

export function simulatedReferences(query: string): SimulatedReference[] {
  const slug = slugOf(query);
  const topic = shortened(query);
  return [
    {
      title: `${topic} - Example Encyclopedia`,
      link: `https://encyclopedia.example.org/wiki/${slug}`,
      snippet: `An overview of ${topic.toLowerCase()}, its background and the terms people use for it.`,
      source: 'Example Encyclopedia',
      index: 0,
    },
    {
      title: `A practical guide: ${topic}`,
      link: `https://docs.example.com/guides/${slug}`,
      snippet: 'Step-by-step advice with worked examples and the trade-offs to weigh.',
      source: 'Example Docs',
      index: 1,
    },
    {
      title: `${topic} - what worked for us`,
      link: `https://forum.example.net/t/${slug}`,
      snippet: 'Practitioners compare notes on what helped and what they would do differently.',
      source: 'Example Forum',
      index: 2,
    },
    // Listed under the overview but linked from none of its text: retrieved, not cited (`CITED_REFERENCES`).
    {
      title: `${topic} compared | Example Reviews`,
      link: `https://reviews.example.net/compare/${slug}`,
      snippet: 'Side-by-side notes on the main options and how they differ.',
      source: 'Example Reviews',
      index: 3,
    },
  ];
}

function firstSentence(text: string): string | undefined {
  const match = /^.*?[.!?](?=\s|$)/.exec(text);
  return match?.[0];
}

/** `includeQuestionBrands`: demo mode, where a brand question's overview names the brands the query names too. */
export function buildSimulatedAiOverview(query: string, pieceCount: number, sample = 0, includeQuestionBrands = false): SimulatedAiOverview {
  if (isBrandQuestion(query)) return brandOverview(query, sample, includeQuestionBrands);
  const answer = generateDeterministicAnswer({ prompt: query, model: SIMULATED_OVERVIEW_MODEL, pieceCount, sample });
  const references = simulatedReferences(query);
  const blocks: SimulatedTextBlock[] = [];
  let paragraphs = 0;

  const paragraph = (snippet: string) => {
    const cited = [paragraphs % CITED_REFERENCES, (paragraphs + 1) % CITED_REFERENCES].sort((left, right) => left - right);
    const highlight = paragraphs === 0 ? firstSentence(snippet) : undefined;
    blocks.push({
      type: 'paragraph',
      snippet,
      ...(highlight ? { snippet_highlighted_words: [highlight] } : {}),
      reference_indexes: cited,
    });
    paragraphs += 1;
  };

  answer.text.split('\n\n').forEach((section, index) => {
    if (index === 0) {
      const short = /^\*\*(.+?):\*\*(?: ([\s\S]*))?$/.exec(section);
      if (short) {
        blocks.push({ type: 'heading', snippet: short[1] ?? SIMULATED_OVERVIEW_MODEL });
        if (short[2]) paragraph(short[2]);
      } else {
        blocks.push({ type: 'heading', snippet: section.replaceAll('**', '') });
      }
      return;
    }
    const lines = section.split('\n');
    const bullets = lines.filter((line) => line.startsWith('- '));
    if (bullets.length === 0) {
      paragraph(section);
      return;
    }
    const introduction = lines.filter((line) => !line.startsWith('- ')).join(' ');
    if (introduction !== '') paragraph(introduction);
    blocks.push({
      type: 'list',
      list: bullets.map((line, item) => ({ snippet: line.slice(2), reference_indexes: [item % CITED_REFERENCES] })),
    });
  });

  return { text_blocks: blocks, references };
}

/** Markdown emphasis removed: SerpApi's snippets are plain text. */
const plain = (text: string) => text.replaceAll('**', '');

function brandOverview(query: string, sample: number, includeQuestionBrands: boolean): SimulatedAiOverview {
  // Google also lists the brands' own sites it read, linked from no block: retrieved, not cited.
  const brandSites = simulatedSearch(query, sample).retrievedOnly.concat(simulatedSearch(query, sample).cited).filter((page) => page.title.endsWith('| Official site'));
  const listed = simulatedReferences(query);
  const references = [
    ...listed,
    ...brandSites.map((page, offset) => ({
      title: page.title,
      link: page.url,
      snippet: `The official site of ${page.title.replace(' | Official site', '')}.`,
      source: page.title.replace(' | Official site', ''),
      index: listed.length + offset,
    })),
  ];
  const answer = generateBrandAnswer({ prompt: query, model: SIMULATED_OVERVIEW_MODEL, sample, includeQuestionBrands });
  const [opening = '', list = '', closing = ''] = answer.text.split('\n\n');
  const items = list.split('\n').map((line, item) => ({ snippet: plain(line.replace(/^\d+\.\s*/, '')), reference_indexes: [item % CITED_REFERENCES] }));
  return {
    text_blocks: [
      { type: 'paragraph', snippet: plain(opening), reference_indexes: [0] },
      { type: 'list', list: items },
      { type: 'paragraph', snippet: plain(closing), reference_indexes: [1, 2] },
    ],
    references,
  };
}
