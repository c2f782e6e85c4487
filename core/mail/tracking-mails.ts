import { pairedCountsSentence, pValueText, type PairedComparison } from '../../contract/tracking-paired.ts';
import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mailer.ts';

/** The mails GEO tracking sends a set's owner: the set paused for want of credits, and a significant drop in its visibility. */

export interface TrackingMailFacts {
  to: string;
  ownerName: string;
  setName: string;
  brandName: string;
  /** The tracking page, where the set can be resumed or inspected. */
  pageUrl: string;
}

function page(heading: string, paragraphs: string[], link: { url: string; label: string }): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">
<h2>${escapeHtml(heading)}</h2>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#666;font-size:13px">Quorum</p>
</body></html>`;
}

export function trackingPausedMail(facts: TrackingMailFacts, needed: number, available: number): OutgoingMail {
  const paragraphs = [
    `Hi ${facts.ownerName},`,
    `Your tracked prompt set "${facts.setName}" (${facts.brandName}) needs ${needed} credits for its next run, but your account has ${available} available. We paused the set instead of running part of it.`,
    'Add credits, then resume the set on the Tracking page; nothing is charged while it is paused.',
  ];
  return {
    to: facts.to,
    subject: `Tracking paused: "${facts.setName}" needs more credits`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.pageUrl}`,
    html: page('Tracking paused', paragraphs, { url: facts.pageUrl, label: 'Open Tracking' }),
  };
}

/** One window's visibility: `mentioned` of `readings` answers named the brand; rate and interval ends are 0 to 1. */
export interface VisibilityReading {
  rate: number;
  low: number;
  high: number;
  mentioned: number;
  readings: number;
}

export interface TrackingDrop {
  baseline: VisibilityReading;
  current: VisibilityReading;
  /** Two-sided p-value of the two-proportion test. */
  p: number;
  /** The same prompt-and-model cells compared one by one (McNemar's exact test); absent when not read. */
  paired?: PairedComparison | undefined;
}

const points = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;
const reading = (window: VisibilityReading) =>
  `${points(window.rate)} (95% interval ${points(window.low)} to ${points(window.high)}; ${window.mentioned} of ${window.readings} answers)`;
const pValue = pValueText;

/** The paired test's line: how many of the same cells lost and gained the brand, and its p-value. */
const pairedParagraph = (paired: PairedComparison) =>
  `Comparing the same prompts and models one by one (${paired.cells} prompt-and-model cells read in both windows): ${pairedCountsSentence(paired)} (McNemar's exact test, p = ${pValue(paired.p)}).`;

/** `surface` names the surface that fell (say "AI Overview") when the set reads more than one; each is tested alone. */
export function trackingAlertMail(facts: TrackingMailFacts, drop: TrackingDrop, threshold: number, surface?: string, canaries?: CanaryReading[]): OutgoingMail {
  const where = surface ? ` (${surface} answers)` : '';
  const paragraphs = [
    `Hi ${facts.ownerName},`,
    `The latest run of "${facts.setName}" shows ${facts.brandName} named in fewer AI answers${where} than over the 7 days before it, and the drop is statistically significant (p = ${pValue(drop.p)}, below your threshold of ${threshold}):`,
    `Visibility in the last 7 days: ${reading(drop.baseline)}.`,
    `Visibility in the latest run: ${reading(drop.current)}.`,
    ...(drop.paired && drop.paired.cells > 0 ? [pairedParagraph(drop.paired)] : []),
    'AI answers vary from one asking to the next; a drop this large is unlikely to be that variation alone.',
    ...(canaries && canaries.length > 0 ? [canaryParagraph(canaries)] : []),
  ];
  return {
    to: facts.to,
    subject: `Tracking alert: ${facts.brandName} dropped in "${facts.setName}"`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.pageUrl}`,
    html: page('Tracking alert', paragraphs, { url: facts.pageUrl, label: 'See the dashboard' }),
  };
}

/** What one model's canary answers did in the run that dropped: their similarity to the run before, and the usual. */
export interface CanaryReading {
  modelName: string;
  similarity: number;
  usual: number | null;
  changed: boolean;
}

/** Whether the canaries point at the models rather than the brand. */
function canaryParagraph(canaries: CanaryReading[]): string {
  const changed = canaries.filter((canary) => canary.changed);
  if (changed.length === 0) {
    const lowest = Math.min(...canaries.map((canary) => canary.similarity));
    return `Your canary prompts were answered much as before (word overlap with the previous run ${lowest}% or more), so the models themselves look unchanged: the drop is more likely about how they see your brand.`;
  }
  const list = changed.map((canary) => `${canary.modelName} (${canary.similarity}%${canary.usual !== null ? ` against a usual ${canary.usual}%` : ''})`).join(', ');
  return `Your canary prompts were answered quite differently this time by ${list}: the model itself may have changed, so part of this drop may be the model's doing rather than your brand's.`;
}

/** One window's fact-checks: `contradicted` of `checked` answers contradicted the fact sheet; share and ends 0 to 1. */
export interface ContradictionReading {
  share: number | null;
  low: number;
  high: number;
  contradicted: number;
  checked: number;
}

/** The answers contradicting the brand's fact sheet rose significantly in the latest run (`tracking-fact-checks.ts`). */
export function factContradictionAlertMail(
  facts: TrackingMailFacts,
  rise: { baseline: ContradictionReading; current: ContradictionReading; p: number },
  threshold: number,
  surface?: string,
): OutgoingMail {
  const where = surface ? ` (${surface} answers)` : '';
  const share = (window: ContradictionReading) =>
    `${points(window.share ?? 0)} (95% interval ${points(window.low)} to ${points(window.high)}; ${window.contradicted} of ${window.checked} checked answers)`;
  const paragraphs = [
    `Hi ${facts.ownerName},`,
    `In the latest run of "${facts.setName}", more AI answers about ${facts.brandName} contradicted your fact sheet${where} than over the 7 days before it, and the rise is statistically significant (p = ${pValue(rise.p)}, below your threshold of ${threshold}):`,
    `Answers contradicting a fact in the last 7 days: ${share(rise.baseline)}.`,
    `Answers contradicting a fact in the latest run: ${share(rise.current)}.`,
    'The dashboard lists the facts contradicted and the answers’ own words. A judge model read them, and can misread: check a quote before acting on it.',
  ];
  return {
    to: facts.to,
    subject: `Tracking alert: answers contradict ${facts.brandName}'s facts more often in "${facts.setName}"`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.pageUrl}`,
    html: page('Fact-check alert', paragraphs, { url: facts.pageUrl, label: 'See the dashboard' }),
  };
}
