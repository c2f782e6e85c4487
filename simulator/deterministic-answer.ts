import { hashText } from './stable-hash.ts';

/**
 * The simulated model's answer: a short markdown reply that reads plausibly in demo mode and is the same for the
 * same prompt and model, so tests can compare a streamed answer with a non-streamed one.
 *
 * The answer is built as a list of word-sized pieces (a word plus the whitespace after it). Each piece becomes one
 * streamed content delta, so the piece count is exactly the chunk count and joining the pieces gives the full text.
 */

export interface DeterministicAnswerInput {
  /** The user's question with simulator directives already removed. */
  prompt: string;
  model: string;
  /** Number of word-sized pieces; at least 1. */
  pieceCount: number;
}

export interface DeterministicAnswer {
  pieces: string[];
  text: string;
}

interface Token {
  word: string;
  after: string;
}

const openingSentences = [
  'Here is a practical way to think about {keyword}.',
  'The short answer is that {keyword} depends on what you are optimising for.',
  'Good question: {keyword} comes up often, and the trade-offs are worth spelling out.',
  'Let me walk through {keyword} from the ground up.',
];

const bodySentences = [
  'Start from the outcome you want and work backwards to the smallest change that gets you there.',
  'Most of the difficulty comes from constraints that are easy to overlook at first.',
  'In practice, the simplest option that meets your needs is usually the right first step.',
  'It helps to separate what must be true from what would merely be nice.',
  'Measuring before and after any change keeps the discussion grounded in evidence.',
  'The details vary between teams, but the underlying principles stay remarkably stable.',
  'Where {keyword} is concerned, clarity about the goal matters more than any single technique.',
  'A small experiment will usually teach you more than a long debate.',
  'Keep an eye on cost, latency, and maintenance effort as the situation evolves.',
  'If you are unsure, choose the option that is easiest to reverse later.',
  'Clear names and a little documentation save more time than clever shortcuts.',
  'Edge cases tend to appear once real users arrive, so leave room to adapt.',
];

/** Short sentences of one to five words, so any number of words left over can be filled with whole sentences. */
const shortSentences = [
  'Indeed.',
  'Exactly.',
  'Context matters.',
  'Start small.',
  'Measure first.',
  'Keep it simple.',
  'Simple as that.',
  'Test your assumptions.',
  'That is the idea.',
  'Small steps add up.',
  'That is the core idea.',
  'Steady progress beats big rewrites.',
];

const closingSentences = [
  'I hope this gives you a useful starting point.',
  'Happy to go deeper on any of these points.',
  'In short: keep it simple, measure, and iterate.',
  'Treat this as a starting point rather than a final answer.',
];

const listIntroductions = ['Key points:', 'A few pointers:', 'What I would do:'];

const bulletItems = [
  'Define what success looks like',
  'Start small and measure',
  'Compare at least two options',
  'Watch for hidden costs',
  'Write down your assumptions',
  'Revisit {keyword} after real usage',
  'Prefer reversible decisions',
  'Ask someone to review',
  'Automate the repetitive parts',
];

const stopWords = new Set([
  'about', 'after', 'also', 'because', 'been', 'before', 'being', 'best', 'between', 'could', 'does', 'doing', 'from',
  'have', 'into', 'just', 'like', 'make', 'many', 'more', 'most', 'much', 'only', 'other', 'over', 'please', 'really',
  'should', 'some', 'such', 'than', 'that', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those',
  'what', 'when', 'where', 'which', 'while', 'will', 'with', 'would', 'your', 'yours', 'explain', 'tell',
]);

const maximumTopicWords = 6;
const maximumBullets = 8;
/** Below this many pieces there is no room for structure, so the answer is a single plain sentence. */
const minimumStructuredPieces = 20;

/** Mulberry32: a small seeded generator; Math.random cannot be seeded. */
export function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('cannot pick from an empty list');
  return item;
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function extractKeywords(prompt: string): string[] {
  const candidates = prompt
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter((word) => word.length >= 4 && !stopWords.has(word));
  const unique = [...new Set(candidates)];
  // Longer words tend to carry the topic ("caching", "kubernetes") rather than glue ("good", "idea").
  unique.sort((left, right) => right.length - left.length || left.localeCompare(right));
  return unique.length > 0 ? unique.slice(0, 3) : ['this topic'];
}

function wordsOf(sentence: string, keyword: string): string[] {
  return sentence.replaceAll('{keyword}', keyword).split(' ');
}

interface ProseSentences {
  first: readonly string[];
  /** Preferred once few enough words are left for one of them, so the section ends on a sign-off. */
  last?: readonly string[];
}

/** Exactly `count` words of prose made of whole sentences, broken into paragraphs of a readable length. */
function prose(count: number, sentences: ProseSentences, keywords: readonly string[], random: () => number): Token[] {
  const tokens: Token[] = [];
  let paragraphLength = 0;
  let paragraphTarget = 35 + Math.floor(random() * 30);
  let previous: string | undefined;

  while (tokens.length < count) {
    const left = count - tokens.length;
    const keyword = pick(keywords, random);
    const toWords = (sentence: string) => wordsOf(sentence, keyword);
    const closing = (sentences.last ?? []).map(toWords).filter((words) => words.length <= left);
    const longestClosing = Math.max(0, ...(sentences.last ?? []).map((sentence) => toWords(sentence).length));
    const templates = tokens.length === 0 ? sentences.first : bodySentences;
    const fitting = templates.map(toWords).filter((words) => words.length <= left && words.join(' ') !== previous);
    let pool: string[][];
    if (closing.length > 0 && left <= longestClosing) {
      pool = closing;
    } else if (fitting.length > 0) {
      pool = fitting;
    } else {
      // Nothing long fits: take the longest short sentences that do, which always exist down to one word.
      const short = shortSentences.map(toWords).filter((words) => words.length <= left);
      const longest = Math.max(...short.map((words) => words.length));
      pool = short.filter((words) => words.length === longest);
    }

    const chosen = pick(pool, random);
    previous = chosen.join(' ');
    for (const word of chosen) tokens.push({ word, after: ' ' });
    paragraphLength += chosen.length;

    const lastToken = tokens.at(-1);
    if (lastToken && paragraphLength >= paragraphTarget && tokens.length < count) {
      lastToken.after = '\n\n';
      paragraphLength = 0;
      paragraphTarget = 35 + Math.floor(random() * 30);
    }
  }
  return tokens;
}

/** A bullet list of whole items that fits in `budget` words, or nothing if not even one item fits. */
function bulletList(budget: number, keywords: readonly string[], random: () => number): Token[] {
  const introduction = pick(listIntroductions, random).split(' ');
  const tokens: Token[] = introduction.map((word) => ({ word, after: ' ' }));
  const lastIntroductionToken = tokens.at(-1);
  if (lastIntroductionToken) lastIntroductionToken.after = '\n';

  let bullets = 0;
  for (const item of shuffled(bulletItems, random)) {
    if (bullets === maximumBullets) break;
    const words = ['-', ...wordsOf(item, pick(keywords, random))];
    if (tokens.length + words.length > budget) continue;
    words.forEach((word, index) => tokens.push({ word, after: index === words.length - 1 ? '\n' : ' ' }));
    bullets += 1;
  }
  return bullets > 0 ? tokens : [];
}

function leadLine(prompt: string, model: string): Token[] {
  const promptWords = prompt.split(' ').filter((word) => word !== '');
  if (promptWords.length === 0) return [{ word: `**${model}**`, after: ' ' }, { word: 'here.', after: '\n\n' }];

  const topic = promptWords.slice(0, maximumTopicWords);
  const lastIndex = topic.length - 1;
  const truncated = promptWords.length > maximumTopicWords;
  const quoted = topic.map((word, index) => {
    let text = index === 0 ? `“${word}` : word;
    if (index === lastIndex) text = `${text}${truncated ? '…' : ''}”`;
    return text;
  });
  return [`**${model}**`, 'on', ...quoted].map((word, index, all) => ({
    word,
    after: index === all.length - 1 ? '\n\n' : ' ',
  }));
}

export function generateDeterministicAnswer(input: DeterministicAnswerInput): DeterministicAnswer {
  const { prompt, model, pieceCount } = input;
  if (!Number.isInteger(pieceCount) || pieceCount < 1) {
    throw new RangeError(`pieceCount must be a positive whole number, got ${pieceCount}`);
  }

  const random = createRandom(hashText(`${model}\u0000${prompt}`));
  const keywords = extractKeywords(prompt);
  let tokens: Token[];

  if (pieceCount < minimumStructuredPieces) {
    tokens = [{ word: `**${model}:**`, after: ' ' }, ...prose(pieceCount - 1, { first: openingSentences }, keywords, random)];
  } else {
    const lead = leadLine(prompt, model);
    const remaining = pieceCount - lead.length;
    const opening = prose(Math.floor(remaining * 0.35), { first: openingSentences }, keywords, random);
    const list = bulletList(Math.min(Math.floor(remaining * 0.4), 2 + maximumBullets * 7), keywords, random);
    const closing = prose(
      remaining - opening.length - list.length,
      { first: bodySentences, last: closingSentences },
      keywords,
      random,
    );
    const lastOpeningToken = opening.at(-1);
    if (lastOpeningToken) lastOpeningToken.after = '\n\n';
    const lastListToken = list.at(-1);
    if (lastListToken) lastListToken.after = '\n\n';
    tokens = [...lead, ...opening, ...list, ...closing];
  }

  const lastToken = tokens.at(-1);
  if (lastToken) lastToken.after = '';
  const pieces = tokens.map((token) => token.word + token.after);
  return { pieces, text: pieces.join('') };
}
