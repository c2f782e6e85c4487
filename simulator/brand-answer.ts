import { createRandom, pick, shuffled, type DeterministicAnswer } from './deterministic-answer.ts';
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
 * topic's list holds it, and a word like "good" in the question never reaches the answer to read as praise.
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

export function isBrandQuestion(prompt: string): boolean {
  return PRODUCT_NOUNS.test(prompt) || ASKING_FOR_PICKS.test(prompt);
}

export type Tone = 'positive' | 'neutral' | 'negative';

/** What is said of each brand, by tone; the words are the ones a reader (and Quorum's analysis) takes for that tone. */
const TONE_LINES: Record<Tone, readonly string[]> = {
  positive: [
    'is excellent and highly recommended.',
    'stands out as the best fit for most teams, with excellent support.',
    'is praised for being fast and easy to use.',
  ],
  neutral: [
    'is another option, with a different set of features.',
    'is another option to consider.',
    'is also available in most regions.',
  ],
  negative: [
    'is slower and pricier than the others, so many reviewers avoid it.',
    'is overpriced and unreliable, so many avoid it.',
    'is often described as clunky and disappointing.',
  ],
};

const OPENINGS = ['Here are {count} {category} worth a look:', 'A few {category} people often consider:', 'These {count} {category} come up most:'];
const CLOSINGS = ['The right pick depends on budget and team size.', 'Try two of them side by side before committing.', 'Prices and plans change, so check the current terms.'];

export interface BrandAnswerInput {
  prompt: string;
  model: string;
  /** Which asking of this question this is, from 0: each sample is seeded apart. */
  sample: number;
}

export interface BrandAnswerPlan {
  category: string;
  /** The brands named, in the order the answer names them, each with its tone. */
  named: { brand: string; tone: Tone }[];
}

/** Which brands the answer names, in what order and tone: seeded, so tests can compute what to expect. */
export function planBrandAnswer(input: BrandAnswerInput): BrandAnswerPlan {
  const random = createRandom(hashText(`brands\u0000${input.model}\u0000${input.prompt}\u0000${input.sample}`));
  const topic = TOPICS.find((candidate) => candidate.pattern.test(input.prompt));
  const pool = topic?.brands ?? GENERAL_BRANDS;
  const count = 3 + Math.floor(random() * 3);
  const named = shuffled(pool, random)
    .slice(0, count)
    .map((brand) => {
      const roll = random();
      const tone: Tone = roll < 0.45 ? 'positive' : roll < 0.8 ? 'neutral' : 'negative';
      return { brand, tone };
    });
  return { category: topic?.category ?? 'options', named };
}

/** The answer as markdown pieces (a word and the whitespace after it each), like the deterministic answer. */
export function generateBrandAnswer(input: BrandAnswerInput): DeterministicAnswer {
  const plan = planBrandAnswer(input);
  const random = createRandom(hashText(`wording\u0000${input.model}\u0000${input.prompt}\u0000${input.sample}`));
  const opening = pick(OPENINGS, random).replace('{count}', String(plan.named.length)).replace('{category}', plan.category);
  const lines = plan.named.map(({ brand, tone }, index) => `${index + 1}. **${brand}** ${pick(TONE_LINES[tone], random)}`);
  const text = [opening, '', ...lines, '', pick(CLOSINGS, random)].join('\n');
  const pieces = text.match(/\S+\s*/g) ?? [text];
  return { pieces, text };
}
