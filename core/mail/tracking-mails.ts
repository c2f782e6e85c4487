import { escapeHtml } from './escape-html.ts';
import type { OutgoingMail } from './mailer.ts';

/** The mails GEO tracking sends a set's owner: the set paused for want of credits, and a drop in its numbers. */

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

export interface TrackingDrop {
  /** "Visibility" or "Share of voice". */
  measure: string;
  before: number;
  after: number;
}

export function trackingAlertMail(facts: TrackingMailFacts, drops: readonly TrackingDrop[], threshold: number): OutgoingMail {
  const lines = drops.map((drop) => `${drop.measure} fell from ${drop.before}% to ${drop.after}% (${Math.round((drop.before - drop.after) * 10) / 10} points).`);
  const paragraphs = [
    `Hi ${facts.ownerName},`,
    `The latest run of "${facts.setName}" shows ${facts.brandName} losing ground since the run before, by more than your alert threshold of ${threshold} points:`,
    ...lines,
  ];
  return {
    to: facts.to,
    subject: `Tracking alert: ${facts.brandName} dropped in "${facts.setName}"`,
    text: `${paragraphs.join('\n\n')}\n\n${facts.pageUrl}`,
    html: page('Tracking alert', paragraphs, { url: facts.pageUrl, label: 'See the dashboard' }),
  };
}
