import { Code } from '@mantine/core';
import { STORAGE_PREFIX } from '../../storage/local-storage.ts';
import { useSiteFacts } from '../../site/site-facts.ts';
import { BROWSER_STORAGE, SESSION_COOKIE, type BrowserStorageEntry } from './browser-storage-entries.ts';
import { LegalDocument, MailLink, Paragraph, Points, type LegalSection } from './legal-document.tsx';

// The date the product's cookie policy states.
const LAST_UPDATED = '2025-01';
/** How long Google Analytics keeps its data for this site. */
const ANALYTICS_RETENTION = '14 months';

const storagePoints = (where: BrowserStorageEntry['where']) =>
  BROWSER_STORAGE.filter((entry) => entry.where === where).map(({ key, purpose }) => (
    <span data-testid="stored-key" data-key={key}>
      <Code>{key}</Code>: {purpose}
    </span>
  ));

/** The cookie, every browser storage key (from `browser-storage-entries.ts`, which its test keeps complete) and analytics. */
export default function CookiePolicyPage() {
  const { supportEmail } = useSiteFacts();

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
            These keys, all starting with <Code>{STORAGE_PREFIX}</Code>, hold your consent choice, your sign-in state
            and your app settings. They stay on your device; only the guest id is sent, to Quorum alone, with each
            request. In local storage, kept until you clear it:
          </Paragraph>
          <Points items={storagePoints('local')} />
          <Paragraph>In session storage, gone when the tab closes:</Paragraph>
          <Points items={storagePoints('session')} />
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
