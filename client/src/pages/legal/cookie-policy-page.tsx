import { Code } from '@mantine/core';
import { storageKeys, STORAGE_PREFIX } from '../../storage/local-storage.ts';
import { useSiteFacts } from '../../site/site-facts.ts';
import { LegalDocument, MailLink, Paragraph, Points, type LegalSection } from './legal-document.tsx';

const LAST_UPDATED = '2026-11-24';
/** The name of the session cookie the server sets; the page cannot read it (HttpOnly). */
const SESSION_COOKIE = 'quorum_session';
/** How long Google Analytics keeps its data for this site. */
const ANALYTICS_RETENTION = '14 months';

// Per-user keys end in the account id; the policy shows where it goes.
const perUser = (key: (userId: string) => string) => key('<account id>');

/** The cookie, the browser storage keys (named from the storage module, so the list stays true) and analytics. */
export default function CookiePolicyPage() {
  const { supportEmail } = useSiteFacts();
  const storage = [
    [storageKeys.user, 'Your name, email and tier, so a reload shows your own menu before the server has answered.'],
    [storageKeys.session, 'When your session expires (not the session itself).'],
    [storageKeys.anonymousSessionId, 'A random id that lets a guest follow their own answers.'],
    [storageKeys.cookieConsent, 'Your answer to the analytics question: pending, accepted or rejected.'],
    [perUser(storageKeys.brandConfig), 'Your brand monitoring settings (brand, website, keywords, competitors).'],
    [perUser(storageKeys.brandMonitoring), 'Whether brand monitoring is switched on.'],
    [storageKeys.activeRequest, 'In session storage: the request this tab is showing, so a reload picks it up; gone when the tab closes.'],
  ] as const;

  const sections: LegalSection[] = [
    {
      id: 'necessary-cookie',
      heading: 'The one necessary cookie',
      body: (
        <Paragraph>
          When you sign in, the server sets <Code>{SESSION_COOKIE}</Code>. It is HttpOnly (the page's scripts cannot read
          it), holds a random token that keeps you signed in, and is deleted when you sign out or the session expires.
          Quorum cannot work for signed-in users without it, so it needs no consent. Guests get no cookie.
        </Paragraph>
      ),
    },
    {
      id: 'browser-storage',
      heading: 'What we keep in your browser',
      body: (
        <>
          <Paragraph>
            These keys, all starting with <Code>{STORAGE_PREFIX}</Code>, stay on your device and are not sent to
            anyone by themselves:
          </Paragraph>
          <Points
            items={storage.map(([key, purpose]) => (
              <>
                <Code>{key}</Code>: {purpose}
              </>
            ))}
          />
        </>
      ),
    },
    {
      id: 'analytics',
      heading: 'Analytics, only if you accept',
      body: (
        <Paragraph>
          Where this site is set up with Google Analytics 4, a banner asks you first. Nothing from Google is loaded
          until you choose Accept; if you choose Reject, it stays off on every later visit. With your consent, Google
          Analytics sets its own cookies (named <Code>_ga</Code> and <Code>_ga_…</Code>) to count visits and pages,
          with IP addresses shortened, and keeps that data for {ANALYTICS_RETENTION}.
        </Paragraph>
      ),
    },
    {
      id: 'changing-your-mind',
      heading: 'Changing your mind',
      body: (
        <Paragraph>
          Choose <strong>Cookie settings</strong> in the footer of any page to see the question again and give a new
          answer. You can also clear this site's data in your browser's settings at any time; you will then be signed
          out and asked again.
        </Paragraph>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact',
      body: (
        <Paragraph>
          Questions about cookies: <MailLink address={supportEmail} />.
        </Paragraph>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Cookie policy"
      lastUpdated={LAST_UPDATED}
      intro={<Paragraph>Quorum keeps as little in your browser as it can. This page lists all of it.</Paragraph>}
      sections={sections}
    />
  );
}
