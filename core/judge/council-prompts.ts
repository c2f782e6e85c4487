import type { CouncilAnswer, CouncilAttribution, CouncilRankingEntry, CouncilStanding } from '../../contract/council.ts';
import type { ConversationTurn } from '../../contract/conversation.ts';
import { CONVERSATION_LIMITS } from '../../contract/limits.ts';

/**
 * What the council's models are asked, and how their replies are read. Reviewers and the chairman see answers under
 * labels only ("Answer B"), never a model's name, so no model can favour (or spare) a name it knows; the labels are
 * mapped back to models only when the council is shown. The simulator reads these prompts too (`simulator/council-reply.ts`).
 */

/** The first words of a review prompt and of a chairman prompt: how the simulator knows what it is asked. */
export const COUNCIL_REVIEW_OPENING = 'Council review.';
export const COUNCIL_CHAIRMAN_OPENING = 'Council chairman.';
/** The line that starts a review's ranking, and where each prompt lists the labels it concerns. */
export const RANKING_HEADING = 'RANKING:';
export const LABELS_TO_RANK = 'Answers to rank:';
export const COUNCIL_ORDER = 'Council order:';

export interface LabelledAnswer {
  label: string;
  text: string;
}

/** Each answer cut to its share of one conversation turn, under its label. */
function labelledBlock(answers: readonly LabelledAnswer[], room: number): string {
  const share = Math.floor(room / Math.max(1, answers.length)) - 40;
  return answers
    .map((answer) => `### ${answer.label}\n\n${answer.text.length > share ? `${answer.text.slice(0, Math.max(0, share))} […]` : answer.text}`)
    .join('\n\n');
}

/**
 * What every reviewer is asked: one question for the reviews' request, since they run as one comparison; what
 * differs per reviewer (the answers it reads, its own left out, and their labels) is its own earlier turn.
 */
export const COUNCIL_REVIEW_QUERY =
  `${COUNCIL_REVIEW_OPENING} The answers above were written by other models; you see only their labels. Judge each for accuracy, completeness and clarity, ` +
  `then end with a line "${RANKING_HEADING}" followed by one line per answer above, best first, like "1. Answer B: one sentence on why".`;

/** A reviewer's earlier turns: the question, then the other answers (its own left out), labelled. */
export function councilReviewConversation(question: string, others: readonly LabelledAnswer[]): ConversationTurn[] {
  const labels = others.map((answer) => answer.label).join(', ');
  return [
    { role: 'user', content: question },
    { role: 'assistant', content: `Other answers to this question. ${LABELS_TO_RANK} ${labels}.\n\n${labelledBlock(others, CONVERSATION_LIMITS.turnLength - 200)}` },
  ];
}

/** The chairman's question: every answer labelled, then the reviews' rankings, to write one answer with each point credited. */
export function councilChairman(
  question: string,
  answers: readonly LabelledAnswer[],
  reviews: readonly { label: string; ranking: readonly CouncilRankingEntry[] }[],
  standings: readonly CouncilStanding[],
): { query: string; conversation: ConversationTurn[] } {
  const reviewLines = reviews
    .map((review) => `Reviewer ${review.label.replace('Answer ', '')}: ${review.ranking.map((entry, place) => `${place + 1}. ${entry.label} (${entry.reason})`).join('; ')}`)
    .join('\n');
  const reviewBlock = reviewLines.length > 4000 ? `${reviewLines.slice(0, 4000)} […]` : reviewLines;
  const order = standings.map((standing) => standing.label).join(', ');
  return {
    query:
      `${COUNCIL_CHAIRMAN_OPENING} Several models answered the question above and ranked each other’s answers anonymously. Write the one best answer from their best points. ` +
      `After every point, name in brackets the answer it came from, like [Answer B] or [Answer A, Answer C]. ${COUNCIL_ORDER} ${order}.`,
    conversation: [
      { role: 'user', content: question },
      {
        role: 'assistant',
        content: `The answers:\n\n${labelledBlock(answers, CONVERSATION_LIMITS.turnLength - reviewBlock.length - 200)}\n\n### How the reviewers ranked them\n\n${reviewBlock}`,
      },
    ],
  };
}

/** The labels a prompt lists after `heading` ("Answers to rank: Answer B, Answer C."). */
export function labelsAfter(text: string, heading: string): string[] {
  const at = text.lastIndexOf(heading);
  if (at < 0) return [];
  return [...text.slice(at + heading.length).matchAll(/Answer [A-Z]\b/g)].map((match) => match[0]);
}

/**
 * A review's ranking, best first: the numbered lines after its last "RANKING:" naming a label it was asked to rank,
 * each label once. Null when none can be read (the review still stands as text).
 */
export function parseCouncilRanking(review: string, allowed: readonly string[]): CouncilRankingEntry[] | null {
  const at = review.lastIndexOf(RANKING_HEADING);
  const tail = at >= 0 ? review.slice(at + RANKING_HEADING.length) : review;
  const entries: CouncilRankingEntry[] = [];
  for (const line of tail.split('\n')) {
    const match = /^\s*(?:\*\*)?\d+[.)]\s*(?:\*\*)?\s*\[?(Answer [A-Z])\b\]?(?:\*\*)?\s*[:\-–—]?\s*(.*)$/.exec(line);
    if (!match) continue;
    const label = match[1]!;
    if (!allowed.includes(label) || entries.some((entry) => entry.label === label)) continue;
    entries.push({ label, reason: match[2]!.trim().slice(0, 500) });
  }
  return entries.length > 0 ? entries : null;
}

/** Every answer by its mean place over the reviews that ranked it, best first; unranked answers last. */
export function councilStandings(labels: readonly string[], rankings: readonly (readonly CouncilRankingEntry[])[]): CouncilStanding[] {
  const standings = labels.map((label) => {
    const places = rankings.flatMap((ranking) => {
      const place = ranking.findIndex((entry) => entry.label === label);
      return place >= 0 ? [place + 1] : [];
    });
    return { label, averagePlace: places.length > 0 ? places.reduce((sum, place) => sum + place, 0) / places.length : null, votes: places.length };
  });
  return standings.sort((left, right) => (left.averagePlace ?? Infinity) - (right.averagePlace ?? Infinity) || labels.indexOf(left.label) - labels.indexOf(right.label));
}

/** How often the chairman's answer credits each answer, in brackets like [Answer B] or [Answer A, Answer C]. */
export function councilAttributions(text: string, answers: readonly CouncilAnswer[]): CouncilAttribution[] {
  const counts = new Map<string, number>();
  for (const bracket of text.matchAll(/\[([^\]\n]{1,200})\]/g)) {
    for (const label of bracket[1]!.matchAll(/Answer [A-Z]\b/g)) counts.set(label[0], (counts.get(label[0]) ?? 0) + 1);
  }
  return answers.filter((answer) => counts.has(answer.label)).map((answer) => ({ ...answer, points: counts.get(answer.label)! }));
}

/**
 * An answer with every name of the council's models taken out (a model may introduce itself, or name a rival), so
 * the labels are all a reviewer or the chairman has to go on. Longest names first, so "GPT-4o mini" goes before "GPT-4o".
 */
export function withoutModelNames(text: string, names: readonly string[]): string {
  const escaped = [...new Set(names.filter((name) => name.trim().length >= 3))]
    .sort((left, right) => right.length - left.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (escaped.length === 0) return text;
  return text.replace(new RegExp(escaped.join('|'), 'gi'), 'a model');
}
