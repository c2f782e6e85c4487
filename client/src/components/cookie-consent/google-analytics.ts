/** Where GA4's loader comes from; the content security policy allows it only when an id is configured. */
export const ANALYTICS_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

// GA4's documented switch: while `window['ga-disable-<id>']` is true its script sends nothing.
const disableFlag = (measurementId: string) => `ga-disable-${measurementId}`;

function setDisabled(measurementId: string, disabled: boolean): void {
  (window as unknown as Record<string, unknown>)[disableFlag(measurementId)] = disabled;
}

/**
 * Starts GA4 after the visitor accepted. The queue is filled from our own bundle rather than an inline snippet,
 * which the content security policy forbids. Adds the script once per page, however often consent is given.
 */
export function startAnalytics(measurementId: string): void {
  setDisabled(measurementId, false);
  if (document.querySelector('script[data-analytics="ga4"]')) return;
  const queue = (window.dataLayer ??= []);
  // GA4 reads its queue as `arguments` objects, not arrays; a rest parameter would not be understood.
  function gtag(..._command: unknown[]) {
    queue.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', measurementId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  script.dataset['analytics'] = 'ga4';
  document.head.append(script);
}

/** A script already in the page cannot be taken out; after a later Reject it is told to send nothing more. */
export function stopAnalytics(measurementId: string): void {
  setDisabled(measurementId, true);
}
