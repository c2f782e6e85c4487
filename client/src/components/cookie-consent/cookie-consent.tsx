import { useEffect } from 'react';
import { saveConsentChoice, useConsentChoice } from './consent-choice.ts';
import { CookieConsentBanner } from './cookie-consent-banner.tsx';
import { startAnalytics, stopAnalytics } from './google-analytics.ts';

/**
 * Asks once on every deploy, then acts on the answer on every later visit: GA4 is loaded only after Accept, only
 * where a measurement id is configured, and never while the choice is pending or rejected.
 */
export default function CookieConsent({ measurementId }: { measurementId: string | null }) {
  const choice = useConsentChoice();

  useEffect(() => {
    if (!measurementId) return;
    if (choice === 'accepted') startAnalytics(measurementId);
    else stopAnalytics(measurementId);
  }, [choice, measurementId]);

  if (choice !== 'pending') return null;
  return <CookieConsentBanner analyticsConfigured={measurementId !== null} onAccept={() => saveConsentChoice('accepted')} onReject={() => saveConsentChoice('rejected')} />;
}
