import { COUNCIL_CHAIRMAN_OPENING, COUNCIL_ORDER, COUNCIL_REVIEW_OPENING, labelsAfter, RANKING_HEADING } from '../core/judge/index.ts';
import { parseScriptedDirectives, type SimulationScript } from './scripted-directives.ts';
import { createRandom, shuffled } from './seeded-random.ts';
import { hashText } from './stable-hash.ts';

/**
 * The simulator as a council member: a review prompt (`core/judge/council-prompts.ts`) is answered with a short
 * review and a ranking of the labelled answers it was given, in the format asked ("RANKING:" then "1. Answer B:
 * reason"), ordered by a seed of the model and the labels, so tests can read it back; a chairman prompt with one
 * answer whose points each credit an answer in brackets, best-ranked first. Tests script faults through the answers
 * being reviewed (scripted with `echo=1`): a `[[council review status=500 for=chat]]` or `[[council chairman …]]`
 * directive in one takes every `[[simulate …]]` key for that step.
 */

export interface CouncilRequest {
  role: 'review' | 'chairman';
  /** The labels in the order the prompt gives them: the answers read (review) or the council's order (chairman). */
  labels: string[];
  script: SimulationScript;
}

const councilDirectivePattern = /\[\[council\s+(review|chairman)(?:\s+([^\]]*?))?\s*\]\]/g;
const headingPattern = /^### (Answer [A-Z])\s*$/gm;

/** A council prompt and its script; undefined for any other prompt; an error naming the key for a bad directive. */
export function readCouncilRequest(
  message: string,
  earlierMessages: readonly string[],
  model: string,
): { ok: true; council: CouncilRequest } | { ok: false; message: string } | undefined {
  const role = message.includes(COUNCIL_REVIEW_OPENING) ? 'review' : message.includes(COUNCIL_CHAIRMAN_OPENING) ? 'chairman' : undefined;
  if (!role) return undefined;
  const earlier = earlierMessages.join('\n\n');
  const headings = [...new Set([...earlier.matchAll(headingPattern)].map((match) => match[1]!))];
  const ordered = role === 'chairman' ? labelsAfter(message, COUNCIL_ORDER) : [];
  // Every answer read may carry the same directive (they echo one question): each one counts once.
  const directives = new Set([...earlier.matchAll(councilDirectivePattern)].filter((match) => match[1] === role).map((match) => (match[2] ?? '').trim()));
  const parsed = parseScriptedDirectives([...directives].map((tokens) => `[[simulate ${tokens}]]`).join(' '), model);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  return { ok: true, council: { role, labels: ordered.length > 0 ? ordered : headings, script: parsed.script } };
}

const STRENGTHS = ['is the most complete and gets the facts right', 'is clear and well organised', 'gives a practical example', 'is accurate but brief', 'misses a key caveat'];
const POINTS = [
  'Start from what the question actually asks and answer it directly',
  'Weigh the main trade-off before choosing',
  'Check the facts that matter against a current source',
  'Mind the caveat that changes the answer in some cases',
  'End with a concrete next step',
];

/** The reply to a council prompt, the same every time for the same model and labels. */
export function councilReplyText(council: CouncilRequest, model: string): string {
  const { labels } = council;
  if (labels.length === 0) return 'There were no answers to read.';
  if (council.role === 'review') {
    const order = shuffled(labels, createRandom(hashText(`${model}\u0000${labels.join(',')}`)));
    const lines = order.map((label, place) => `${place + 1}. ${label}: it ${STRENGTHS[Math.min(place, STRENGTHS.length - 1)]}.`);
    return `I read ${labels.length === 1 ? 'one answer' : `${labels.length} answers`}. ${order[0]} is the strongest.\n\n${RANKING_HEADING}\n${lines.join('\n')}\n`;
  }
  const points = labels.slice(0, 4).map((label, index) => {
    const second = index === 0 && labels.length > 2 ? `, ${labels[2]}` : '';
    return `- ${POINTS[index % POINTS.length]}. [${label}${second}]`;
  });
  return `The council's answer, from the best points of each:\n\n${points.join('\n')}\n`;
}
