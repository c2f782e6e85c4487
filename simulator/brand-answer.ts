import { PLAIN_STYLE, type AnswerStyle } from './answer-style.ts';
import { BRAND_ANSWER_WORDING, type Tone } from './brand-answer-wording.ts';
import type { DeterministicAnswer } from './deterministic-answer.ts';
import { inPirateVoice } from './pirate-voice.ts';
import { brandsNamedIn } from './question-brands.ts';
import { createRandom, pick, shuffled } from './seeded-random.ts';
import { hashText } from './stable-hash.ts';

/**
 * How the simulated model answers a question that asks for brands ("best CRM for a small team", "which widget
 * vendors…"): as a model would, it names several brands and says something about each, rather than talking about
 * the question's own words. The brands come from the question's topic (a small table of made-up names per topic)
 * or, with no topic recognised, from a general list; which of them, in what order and in what tone is seeded by
 * the model, the question and the sample, so repeated askings of one question vary the way real answers do while
 * a test can pin any one of them (`[[simulate sample=N]]`).
 *
 * Nothing of the question is repeated: a brand named in the question is not "mentioned" by the answer unless the
 * topic's list holds it, and a word like "good" in the question never reaches the answer to read as praise. Demo
 * mode asks for one exception (`includeQuestionBrands`), so a person watching their own brand sees it discussed:
 * the brands the question names join the list, each with a tone of its own, as a live model would treat them.
 *
 * A system prompt's language and pirate voice apply (`answer-style.ts`), and its words seed the choices too.
 */

interface BrandTopic {
  pattern: RegExp;
  /** What the answer calls the things it lists. */
  category: string;
  brands: readonly string[];
}

const TOPICS: readonly BrandTopic[] = [
  { pattern: /\bcrm\b|\bsales pipeline|\bcustomer relationship/i, category: 'CRM tools', brands: ['Pipewell', 'Closerly', 'Dealbright', 'Salesgrove', 'Leadhaven', 'Accountly'] },
  { pattern: /\b(running|shoes?|trainers|sneakers|marathon)\b/i, category: 'running shoe brands', brands: ['Stridewell', 'Paceform', 'Trailark', 'Kinetra', 'Roadlyn', 'Fleetfoot'] },
  { pattern: /\b(project management|kanban|task tracking|to-?do)\b/i, category: 'project tools', brands: ['Taskmere', 'Boardwise', 'Sprintly', 'Plannova', 'Tracklane'] },
  { pattern: /\b(cloud|hosting|servers?|vps|kubernetes)\b/i, category: 'hosting providers', brands: ['Nimbra', 'Hostwell', 'Cirrolabs', 'Stratohost', 'Racklight', 'Vaporbyte'] },
  { pattern: /\b(coffee|espresso|beans|roaster)\b/i, category: 'coffee roasters', brands: ['Brewmont', 'Crema & Co', 'Roastwick', 'Beanfield', 'Darkpour'] },
  { pattern: /\b(widgets?|gadgets?|gizmos?)\b/i, category: 'widget makers', brands: ['Sprocketly', 'Widgetron', 'Gizmora', 'Cogwell', 'Knobworks', 'Dialcraft'] },
  { pattern: /\b(e-?mail|newsletters?|mailing)\b/i, category: 'email platforms', brands: ['Postwise', 'Inboxly', 'Sendara', 'Mailgrove', 'Letterlane'] },
  { pattern: /\b(vpn|password|security|antivirus)\b/i, category: 'security tools', brands: ['Vaultra', 'Lockstep', 'Shieldon', 'Keyvane', 'Safeharbor'] },
  { pattern: /\b(rockets?|launch|satellites?|space)\b/i, category: 'launch companies', brands: ['Orbitar', 'Skyforge', 'Apogee Works', 'Starlift', 'Thrustline'] },
];

/** The seeded list for questions whose topic the table does not know. */
const GENERAL_BRANDS = ['Northvale', 'Brightwell', 'Corvana', 'Lumentis', 'Quillon', 'Tessary', 'Ovanta', 'Merrick & Hale'];

/** Asking for picks among products or companies, in a few common phrasings. */
const PRODUCT_NOUNS = /\b(brands?|vendors?|companies|providers?|products?|platforms?|tools?|apps?|software|solutions)\b/i;
const ASKING_FOR_PICKS = /^\s*(best|top(\s+\d+)?|recommend\w*|alternatives?)\b|\bwhich\b[^?]*\bshould i (use|buy|choose|pick)\b/i;

/** The brands a brand question's answers draw from: its topic's, else the general list. */
export function brandPoolFor(prompt: string): readonly string[] {
  return TOPICS.find((candidate) => candidate.pattern.test(prompt))?.brands ?? GENERAL_BRANDS;
}

export function isBrandQuestion(prompt: string): boolean {
  return PRODUCT_NOUNS.test(prompt) || ASKING_FOR_PICKS.test(prompt);
}

export type { Tone } from './brand-answer-wording.ts';

export interface BrandAnswerInput {
  prompt: string;
  model: string;
  /** Which asking of this question this is, from 0: each sample is seeded apart. */
  sample: number;
  /** What the system prompt asks for (`readAnswerStyle`); none by default. */
  style?: AnswerStyle;
  /** Name the brands the question names too (`question-brands.ts`): demo mode. Off, the question is never echoed. */
  includeQuestionBrands?: boolean;
}

export interface BrandAnswerPlan {
  category: string;
  /** The brands named, in the order the answer names them, each with its tone. */
  named: { brand: string; tone: Tone }[];
}

/** Which brands the answer names, in what order and tone: seeded, so tests can compute what to expect. */
export function planBrandAnswer(input: BrandAnswerInput): BrandAnswerPlan {
  const random = createRandom(hashText(`brands\u0000${seedOf(input)}`));
  const topic = TOPICS.find((candidate) => candidate.pattern.test(input.prompt));
  const pool = topic?.brands ?? GENERAL_BRANDS;
  const count = 3 + Math.floor(random() * 3);
  const toneOf = (): Tone => {
    const roll = random();
    return roll < 0.45 ? 'positive' : roll < 0.8 ? 'neutral' : 'negative';
  };
  const named = shuffled(pool, random)
    .slice(0, count)
    .map((brand) => ({ brand, tone: toneOf() }));
  if (input.includeQuestionBrands) {
    // Drawn after the topic's picks, so a question naming no brand is answered exactly as without this.
    const known = new Set(pool.map((brand) => brand.toLowerCase()));
    const fromQuestion = brandsNamedIn(input.prompt).filter((brand) => !known.has(brand.toLowerCase()));
    for (const brand of fromQuestion) named.splice(Math.floor(random() * (named.length + 1)), 0, { brand, tone: toneOf() });
    // Still a short list: the topic's picks make room for the question's.
    while (named.length > MAXIMUM_NAMED) named.splice(named.findLastIndex((entry) => !fromQuestion.includes(entry.brand)), 1);
  }
  return { category: topic?.category ?? 'options', named };
}

/** An answer names at most this many brands. */
const MAXIMUM_NAMED = 5;

/** Model, question and sample seed an answer; a system prompt, when there is one, seeds it too. */
function seedOf({ model, prompt, sample, style = PLAIN_STYLE }: BrandAnswerInput): string {
  const seed = `${model}\u0000${prompt}\u0000${sample}`;
  return style.instructions === '' ? seed : `${seed}\u0000${style.instructions}`;
}

/** The answer as markdown pieces (a word and the whitespace after it each), like the deterministic answer. */
export function generateBrandAnswer(input: BrandAnswerInput): DeterministicAnswer {
  const plan = planBrandAnswer(input);
  const style = input.style ?? PLAIN_STYLE;
  const wording = BRAND_ANSWER_WORDING[style.language];
  const random = createRandom(hashText(`wording\u0000${seedOf(input)}`));
  const opening = pick(wording.openings, random).replace('{count}', String(plan.named.length)).replace('{category}', plan.category);
  const lines = plan.named.map(({ brand, tone }, index) => `${index + 1}. **${brand}** ${pick(wording.toneLines[tone], random)}`);
  const written = [opening, '', ...lines, '', pick(wording.closings, random)].join('\n');
  const text = style.pirate && style.language === 'en' ? inPirateVoice(written) : written;
  const pieces = text.match(/\S+\s*/g) ?? [text];
  return { pieces, text };
}
