import { useEffect } from 'react';
import { saveConsentChoice, useConsentChoice } from './consent-choice.ts';
import { CookieConsentBanner } from './cookie-consent-banner.tsx';
import { startAnalytics, stopAnalytics } from './google-analytics.ts';

/**
 * Asks once, then acts on the answer on every later visit: GA4 is loaded only after Accept and never while the
 * choice is pending or rejected. Mounted only on deploys that configure analytics, and loaded on demand there.
 */
export default function CookieConsent({ measurementId }: { measurementId: string }) {
  const choice = useConsentChoice();

  useEffect(() => {
    if (choice === 'accepted') startAnalytics(measurementId);
    else stopAnalytics(measurementId);
  }, [choice, measurementId]);

  if (choice !== 'pending') return null;
  return <CookieConsentBanner onAccept={() => saveConsentChoice('accepted')} onReject={() => saveConsentChoice('rejected')} />;
}
