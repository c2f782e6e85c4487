import { createRandom } from './seeded-random.ts';
import { hashText } from './stable-hash.ts';

/**
 * How temperature shows in a simulated answer, as it does in a real model's:
 *
 * - **From one asking to the next.** Asking again is a new *sample*. Sample 0 is the answer a test computes; a later
 *   sample re-rolls a share of the answer's choices (which sentence, which keyword, which list items), more of them
 *   the hotter the temperature, so a second run reads a little differently and at temperature 0 not at all.
 * - **In word choice.** Above 0.7, some plain words of an English answer give way to bolder ones ("simple" →
 *   "no-frills"), more of them the hotter it is. The words that change are chosen per word, so a hotter answer changes every word a cooler one
 *   did, and more.
 *
 * Without a temperature a request is answered at the providers' usual default, 1.
 */

export const DEFAULT_TEMPERATURE = 1;

/** The share of an answer's choices a later sample re-rolls: 0.3 at the default temperature, none at 0. */
export function resampledShare(temperature: number | undefined): number {
  return Math.min(0.9, 0.3 * Math.max(0, temperature ?? DEFAULT_TEMPERATURE));
}

/** The share of swappable words that become bolder ones: none up to 0.7, most of them at 2. */
export function bolderWordShare(temperature: number | undefined): number {
  if (temperature === undefined) return 0;
  return Math.min(0.8, Math.max(0, ((temperature - 0.7) / 1.3) * 0.8));
}

/**
 * The answer's random choices for one sample: the base sequence (sample 0's), with a share of its draws replaced by
 * the sample's own. The base sequence advances once per draw either way, so the choices a sample keeps are sample
 * 0's choices. `attempt` seeds the sample's draws afresh, for when they happened to change nothing a reader sees.
 */
export function sampledRandom(base: () => number, seedText: string, sample: number, share: number, attempt = 0): () => number {
  if (sample === 0 || share <= 0) return base;
  const own = createRandom(hashText(`sample\u0000${seedText}\u0000${sample}${attempt > 0 ? `\u0000${attempt}` : ''}`));
  return () => {
    const kept = base();
    return own() < share ? own() : kept;
  };
}

/** Plain words and bolder ones to say instead, tamest first. One word for one word, so piece counts stay put. */
const BOLDER_WORDS: Record<string, readonly string[]> = {
  simple: ['straightforward', 'uncomplicated', 'no-frills'],
  simplest: ['plainest', 'leanest', 'humblest'],
  small: ['modest', 'bite-sized', 'tiny'],
  practical: ['pragmatic', 'hands-on', 'down-to-earth'],
  useful: ['handy', 'valuable', 'serviceable'],
  clear: ['crisp', 'lucid', 'crystalline'],
  clarity: ['lucidity', 'precision', 'sharpness'],
  long: ['lengthy', 'drawn-out', 'marathon'],
  usually: ['typically', 'generally', 'ordinarily'],
  often: ['frequently', 'regularly', 'routinely'],
  difficulty: ['friction', 'trouble', 'grief'],
  goal: ['aim', 'target', 'lodestar'],
  option: ['path', 'route', 'avenue'],
  options: ['paths', 'routes', 'avenues'],
  experiment: ['trial', 'probe', 'prototype'],
  debate: ['discussion', 'argument', 'deliberation'],
  remarkably: ['strikingly', 'surprisingly', 'wonderfully'],
  stable: ['steady', 'constant', 'enduring'],
  evidence: ['data', 'facts', 'measurements'],
  good: ['great', 'fine', 'splendid'],
  hidden: ['buried', 'sneaky', 'lurking'],
  clever: ['cunning', 'crafty', 'ingenious'],
  think: ['reason', 'ponder', 'muse'],
  starting: ['launching', 'jumping-off', 'springboard'],
  details: ['specifics', 'particulars', 'nitty-gritty'],
  principles: ['fundamentals', 'tenets', 'bedrock'],
  shortcuts: ['hacks', 'tricks', 'gambits'],
  helps: ['pays', 'assists', 'works-wonders'],
  way: ['approach', 'angle', 'route'],
  answer: ['response', 'take', 'verdict'],
  points: ['notions', 'nuggets', 'morsels'],
  pointers: ['tips', 'hints', 'nudges'],
  review: ['critique', 'scrutinise', 'audit'],
  reversible: ['undoable', 'revocable', 'retractable'],
  decisions: ['choices', 'calls', 'verdicts'],
  measure: ['gauge', 'quantify', 'clock'],
  walk: ['stroll', 'wander', 'amble'],
  repetitive: ['tedious', 'humdrum', 'monotonous'],
  parts: ['bits', 'chunks', 'pieces'],
  success: ['victory', 'triumph', 'glory'],
  costs: ['expenses', 'outlays', 'tolls'],
  assumptions: ['premises', 'hunches', 'guesses'],
  idea: ['notion', 'concept', 'gist'],
  steps: ['strides', 'moves', 'paces'],
  progress: ['headway', 'momentum', 'advance'],
  rewrites: ['overhauls', 'rebuilds', 'upheavals'],
  indeed: ['quite', 'truly', 'verily'],
  exactly: ['precisely', 'quite', 'spot-on'],
  matters: ['counts', 'weighs', 'reigns'],
  iterate: ['refine', 'tinker', 'noodle'],
  overlook: ['miss', 'neglect', 'gloss-over'],
  grounded: ['anchored', 'rooted', 'moored'],
};

/**
 * Words said more boldly at a hot temperature: each swappable word is swapped when its roll falls under `share`.
 * Capitals and the punctuation around a word are kept.
 */
export function bolderWords(words: readonly string[], seedText: string, sample: number, share: number): string[] {
  if (share <= 0) return [...words];
  const random = createRandom(hashText(`bolder\u0000${seedText}\u0000${sample}`));
  return words.map((word) => {
    const match = /^(\p{L}+)(.*)$/su.exec(word);
    const letters = match?.[1] ?? '';
    const choices = BOLDER_WORDS[letters.toLowerCase()];
    if (!match || !choices) return word;
    const roll = random();
    const choice = choices[Math.floor(random() * choices.length)] ?? letters;
    if (roll >= share) return word;
    const capitalised = letters.charAt(0) !== letters.charAt(0).toLowerCase();
    return `${capitalised ? choice.charAt(0).toUpperCase() + choice.slice(1) : choice}${match[2] ?? ''}`;
  });
}
