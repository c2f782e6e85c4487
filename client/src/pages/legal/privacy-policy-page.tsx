import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSiteFacts } from '../../site/site-facts.ts';
import { LegalDocument, MailLink, Paragraph, Points, type LegalSection } from './legal-document.tsx';

const LAST_UPDATED = '2026-11-24';

/** What Quorum keeps about people, why, for how long, and how to have it deleted; it describes what the code does. */
export default function PrivacyPolicyPage() {
  const { supportEmail, legalEmail } = useSiteFacts();
  const sections: LegalSection[] = [
    {
      id: 'what-we-store',
      heading: 'What we store',
      body: (
        <Points
          items={[
            <>
              <strong>Your account</strong>: your name, email address, whether the address is verified, and your password
              as an argon2id hash (we cannot read the password itself). If you sign in with Google, we store the Google
              account id that links it.
            </>,
            <>
              <strong>Sessions</strong>: when you sign in, your browser gets a random token in a cookie; we keep only its
              SHA-256 hash, with when it was created, last used and when it expires.
            </>,
            <>
              <strong>Guests</strong>: to give the free credits once per network, we keep a keyed hash (HMAC) of your IP
              address, never the address itself, plus a random anonymous session id your browser creates.
            </>,
            <>
              <strong>Questions and answers</strong>: each request, the models asked, their answers, sources, timings
              and cost, and for brand monitoring the brand settings and the mentions found, kept in your history.
            </>,
            <>
              <strong>Credits</strong>: a ledger of every grant, hold, charge and purchase, so no credit is lost or
              charged twice.
            </>,
            <>
              <strong>Verification mails</strong>: when you register we email you a link; we keep a hash of its token
              until it is used or expires.
            </>,
          ]}
        />
      ),
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      body: (
        <Points
          items={[
            'Your account, history and brand mentions: until you delete your account, when they are deleted with it.',
            'Sessions: until you sign out or the session expires, whichever comes first.',
            'The credit ledger: kept after the account is deleted, but anonymised (no longer linked to you), because it is the record of money paid and spent.',
            'The guest IP hash: kept so the free credits are given only once per network.',
            'Live answer streams in Redis: deleted automatically a short time after an answer ends (an hour unless the operator sets another time).',
            'Server logs: each request’s method, path, time and IP address, never passwords, cookies or answers; kept for running and protecting the service and removed on a rolling basis.',
          ]}
        />
      ),
    },
    {
      id: 'who-sees-it',
      heading: 'Who else sees it',
      body: (
        <Points
          items={[
            'The AI providers of the models you choose receive your question so that they can answer it (see the terms).',
            'Payments are handled by the card payment provider; your card details go to them and never reach us.',
            'Our mail provider delivers the verification mails.',
            <>
              Google Analytics, only if this site uses it and only after you accept (see the{' '}
              <Anchor component={Link} to="/cookie-policy" size="sm" underline="always">
                cookie policy
              </Anchor>
              ).
            </>,
          ]}
        />
      ),
    },
    {
      id: 'why',
      heading: 'Why we use it',
      body: (
        <Paragraph>
          To run the service you asked for (answering, your history, credits), to keep it secure and fair (limits,
          one free grant per network), and, only with your consent, to learn which pages are used.
        </Paragraph>
      ),
    },
    {
      id: 'delete-account',
      heading: 'Deleting your account',
      body: (
        <Paragraph>
          Open the user menu at the top right, choose <strong>Delete Account</strong> and type your email address to
          confirm. Your account, sessions,
          history and brand mentions are deleted at once; the credit ledger is kept anonymised as described above, and
          unused credits are forfeited.
        </Paragraph>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: (
        <Paragraph>
          You may ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to us
          at the address below; you may also complain to your data protection authority.
        </Paragraph>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact',
      body: (
        <Paragraph>
          Privacy and legal questions: <MailLink address={legalEmail} />. Help with your account: <MailLink address={supportEmail} />.
        </Paragraph>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Privacy policy"
      lastUpdated={LAST_UPDATED}
      intro={<Paragraph>This policy says what Quorum stores about you, why, for how long, and how to have it deleted.</Paragraph>}
      sections={sections}
    />
  );
}
