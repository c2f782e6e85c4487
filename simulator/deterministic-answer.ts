import { PLAIN_STYLE, vocabularyOf, type AnswerStyle } from './answer-style.ts';
import { bolderWords, bolderWordShare, resampledShare, sampledRandom } from './answer-variation.ts';
import type { AnswerVocabulary } from './answer-vocabulary.ts';
import { createRandom, pick, shuffled } from './seeded-random.ts';
import { hashText } from './stable-hash.ts';

/**
 * The simulated model's answer: a short markdown reply that reads plausibly in demo mode and is the same for the
 * same prompt, model, instructions, temperature and sample, so tests can compare a streamed answer with a
 * non-streamed one.
 *
 * The answer is built as a list of word-sized pieces (a word plus the whitespace after it). Each piece becomes one
 * streamed content delta, so the piece count is exactly the chunk count and joining the pieces gives the full text.
 *
 * Given only a prompt, a model and a piece count it is exactly the answer it has always been. A system prompt
 * (`answer-style.ts`) changes its language, voice and layout and seeds its wording; a temperature above 0.7 makes
 * some words bolder and a later sample re-rolls some choices (`answer-variation.ts`).
 */

export interface DeterministicAnswerInput {
  /** The user's question with simulator directives already removed. */
  prompt: string;
  model: string;
  /** Number of word-sized pieces; at least 1. */
  pieceCount: number;
  /** What the system prompt asks for (`readAnswerStyle`); none by default. */
  style?: AnswerStyle;
  /** The temperature the request asked for; absent is the provider's default. */
  temperature?: number;
  /** Which asking of this question this is, from 0 (the answer tests compute). */
  sample?: number;
}

export interface DeterministicAnswer {
  pieces: string[];
  text: string;
}

interface Token {
  word: string;
  after: string;
}

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

/** What every part of one answer draws on: its sentences, the question's keywords and its seeded choices. */
interface Writing {
  vocabulary: AnswerVocabulary;
  keywords: readonly string[];
  random: () => number;
}

/** Exactly `count` words of prose made of whole sentences, broken into paragraphs of a readable length. */
function prose(count: number, sentences: ProseSentences, { vocabulary, keywords, random }: Writing): Token[] {
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
    const templates = tokens.length === 0 ? sentences.first : vocabulary.bodySentences;
    const fitting = templates.map(toWords).filter((words) => words.length <= left && words.join(' ') !== previous);
    let pool: string[][];
    if (closing.length > 0 && left <= longestClosing) {
      pool = closing;
    } else if (fitting.length > 0) {
      pool = fitting;
    } else {
      // Nothing long fits: take the longest short sentences that do, which always exist down to one word.
      const short = vocabulary.shortSentences.map(toWords).filter((words) => words.length <= left);
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
function bulletList(budget: number, { vocabulary, keywords, random }: Writing): Token[] {
  const introduction = pick(vocabulary.listIntroductions, random).split(' ');
  const tokens: Token[] = introduction.map((word) => ({ word, after: ' ' }));
  const lastIntroductionToken = tokens.at(-1);
  if (lastIntroductionToken) lastIntroductionToken.after = '\n';

  let bullets = 0;
  for (const item of shuffled(vocabulary.bulletItems, random)) {
    if (bullets === maximumBullets) break;
    const words = ['-', ...wordsOf(item, pick(keywords, random))];
    if (tokens.length + words.length > budget) continue;
    words.forEach((word, index) => tokens.push({ word, after: index === words.length - 1 ? '\n' : ' ' }));
    bullets += 1;
  }
  return bullets > 0 ? tokens : [];
}

function leadLine(prompt: string, model: string, vocabulary: AnswerVocabulary): Token[] {
  const promptWords = prompt.split(' ').filter((word) => word !== '');
  if (promptWords.length === 0) return [{ word: `**${model}**`, after: ' ' }, { word: vocabulary.here, after: '\n\n' }];

  const topic = promptWords.slice(0, maximumTopicWords);
  const lastIndex = topic.length - 1;
  const truncated = promptWords.length > maximumTopicWords;
  const quoted = topic.map((word, index) => {
    let text = index === 0 ? `“${word}` : word;
    if (index === lastIndex) text = `${text}${truncated ? '…' : ''}”`;
    return text;
  });
  return [`**${model}**`, vocabulary.about, ...quoted].map((word, index, all) => ({
    word,
    after: index === all.length - 1 ? '\n\n' : ' ',
  }));
}

/** How much of the answer goes to the opening and to the list, by the layout the instructions ask for. */
const LAYOUT_SHARES: Record<AnswerStyle['layout'], { opening: number; list: number }> = {
  usual: { opening: 0.35, list: 0.4 },
  list: { opening: 0.15, list: 0.7 },
  prose: { opening: 0.35, list: 0 },
};

/** A later sample is drawn again, up to this many times, when its draws happened to leave the answer as it was. */
const FRESH_DRAWS = 8;

export function generateDeterministicAnswer(input: DeterministicAnswerInput): DeterministicAnswer {
  const { prompt, model, pieceCount, style = PLAIN_STYLE, temperature, sample = 0 } = input;
  if (!Number.isInteger(pieceCount) || pieceCount < 1) {
    throw new RangeError(`pieceCount must be a positive whole number, got ${pieceCount}`);
  }
  // Without instructions the seed is what it always was, so a plain question keeps its answer.
  const seedText = style.instructions === '' ? `${model}\u0000${prompt}` : `${model}\u0000${prompt}\u0000${style.instructions}`;
  const share = resampledShare(temperature);
  const written = (attempt: number) => writeAnswer(input, seedText, sampledRandom(createRandom(hashText(seedText)), seedText, sample, share, attempt));
  const answer = written(0);
  if (sample === 0 || share <= 0) return answer;
  // Asking again reads differently whenever the temperature allows any change: a few draws change nothing visible.
  const first = writeAnswer({ ...input, sample: 0 }, seedText, createRandom(hashText(seedText)));
  let attempt = 0;
  let varied = answer;
  while (varied.text === first.text && attempt < FRESH_DRAWS) {
    attempt += 1;
    varied = written(attempt);
  }
  return varied;
}

function writeAnswer(input: DeterministicAnswerInput, seedText: string, random: () => number): DeterministicAnswer {
  const { prompt, model, pieceCount, style = PLAIN_STYLE, temperature, sample = 0 } = input;
  const vocabulary = vocabularyOf(style);
  const writing: Writing = { vocabulary, keywords: extractKeywords(prompt), random };
  let lead: Token[];
  let body: Token[];

  if (pieceCount < minimumStructuredPieces) {
    lead = [{ word: `**${model}:**`, after: ' ' }];
    body = prose(pieceCount - 1, { first: vocabulary.openingSentences }, writing);
  } else {
    lead = leadLine(prompt, model, vocabulary);
    const remaining = pieceCount - lead.length;
    const shares = LAYOUT_SHARES[style.layout];
    const opening = prose(Math.floor(remaining * shares.opening), { first: vocabulary.openingSentences }, writing);
    const list = shares.list > 0 ? bulletList(Math.min(Math.floor(remaining * shares.list), 2 + maximumBullets * 7), writing) : [];
    const closing = prose(
      remaining - opening.length - list.length,
      { first: vocabulary.bodySentences, last: vocabulary.closingSentences },
      writing,
    );
    const lastOpeningToken = opening.at(-1);
    if (lastOpeningToken) lastOpeningToken.after = '\n\n';
    const lastListToken = list.at(-1);
    if (lastListToken) lastListToken.after = '\n\n';
    body = [...opening, ...list, ...closing];
  }

  // The lead names the model and quotes the question: only the answer's own words are said more boldly.
  const share = style.language === 'en' ? bolderWordShare(temperature) : 0;
  const bolder = bolderWords(body.map((token) => token.word), seedText, sample, share);
  const tokens = [...lead, ...body.map((token, index) => ({ ...token, word: bolder[index] ?? token.word }))];
  const lastToken = tokens.at(-1);
  if (lastToken) lastToken.after = '';
  const pieces = tokens.map((token) => token.word + token.after);
  return { pieces, text: pieces.join('') };
}
