import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { GUEST_GRANT, MAX_COMPARED_MODELS, PER_MODEL_CREDIT_CAP, QUERY_MAX_LENGTH, REGISTERED_GRANT } from '../../../../contract/limits.ts';
import { useSiteFacts } from '../../site/site-facts.ts';
import { LegalDocument, MailLink, Paragraph, Points, type LegalSection } from './legal-document.tsx';

const LAST_UPDATED = '2026-11-24';

/** The terms of use, in plain words; the numbers come from the product's own limits. */
export default function TermsPage() {
  const { supportEmail, legalEmail } = useSiteFacts();
  const sections: LegalSection[] = [
    {
      id: 'acceptance',
      heading: 'Accepting these terms',
      body: (
        <Paragraph>
          By using Quorum, with or without an account, you agree to these terms. If you do not agree, please do not use
          the service. "We" means the team that runs Quorum; "you" means the person using it.
        </Paragraph>
      ),
    },
    {
      id: 'credits',
      heading: 'Credits and what they cost',
      body: (
        <>
          <Paragraph>
            Quorum is paid for in credits. Each AI model has a price in credits for one answer, and extras such as web
            search add a price per model. The current prices are listed on the{' '}
            <Anchor component={Link} to="/pricing" size="sm" underline="always">
              pricing page
            </Anchor>{' '}
            and shown before you ask.
          </Paragraph>
          <Points
            items={[
              'Models fall into four cost tiers by their price for one answer: ultra-premium, 20 credits (such as GPT-5 and Claude Opus 4.1); premium, 12–15 credits; balanced, 6–10 credits; and budget, 2–5 credits.',
              'Credits are deducted only when a model finishes its answer. Failed and stopped answers cost nothing.',
              `Guests receive ${GUEST_GRANT} credits once per network; a verified account receives ${REGISTERED_GRANT} credits once.`,
              'Credits do not expire while your account exists, have no cash value and cannot be transferred or exchanged.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'usage-limits',
      heading: 'Usage limits',
      body: (
        <Points
          items={[
            `A question may be at most ${QUERY_MAX_LENGTH} characters long, and one comparison may ask at most ${MAX_COMPARED_MODELS} models.`,
            `One request may spend at most ${PER_MODEL_CREDIT_CAP.free} credits per model for guests, ${PER_MODEL_CREDIT_CAP.registered} for registered users and ${PER_MODEL_CREDIT_CAP.subscribed} for users who bought credits.`,
            'Guests may ask only models marked free and cannot use web search, comparisons or brand monitoring.',
            'We limit how often requests may be made, to keep the service fair and working for everyone.',
          ]}
        />
      ),
    },
    {
      id: 'accounts',
      heading: 'Accounts',
      body: (
        <Paragraph>
          You must be at least 13 years old to use Quorum, and old enough to agree to these terms where you live. Give a
          real email address, keep your password to yourself, and tell us if you think someone else is using your
          account. You are responsible for what happens under your account. One person, one account: accounts made
          to collect extra free credits may be closed.
        </Paragraph>
      ),
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      body: (
        <>
          <Paragraph>Do not use Quorum to:</Paragraph>
          <Points
            items={[
              'break the law or anyone’s rights, or help someone else do so;',
              'produce content that harasses, threatens, exploits or deceives people;',
              'attack, overload, probe or get around the limits of the service or of the AI providers behind it;',
              'collect answers automatically at scale or resell access without our written permission;',
              'break the usage policies of the AI providers whose models you ask.',
            ]}
          />
        </>
      ),
    },
    {
      id: 'third-party-ai',
      heading: 'Third-party AI services',
      body: (
        <Paragraph>
          The answers come from AI models run by other companies: OpenAI, Anthropic, Google Gemini, DeepSeek,
          Perplexity and open models hosted by Groq, and Google's AI Overview through a search service. Your questions
          are sent to the provider of each model you choose so that it can answer. Those
          providers have their own terms and policies, and we do not control how their models behave. A provider may
          change or withdraw a model at any time, and we may then remove it from Quorum.
        </Paragraph>
      ),
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      body: (
        <Paragraph>
          Quorum itself (its software, design and name) belongs to us. Your questions remain yours, and as far as we
          are concerned you may use the answers you receive as you wish, subject to the AI providers' terms and the
          law. Answers may resemble other people's work; it is up to you to check before you publish or rely on them.
        </Paragraph>
      ),
    },
    {
      id: 'payment',
      heading: 'Payment',
      body: (
        <Paragraph>
          Credits are bought by card through a payment provider, which processes your card details; we never see or
          store them. Prices are shown before you pay. All payments are final and non-refundable, except where the law
          where you live gives you a right to a refund that cannot be waived.
        </Paragraph>
      ),
    },
    {
      id: 'availability',
      heading: 'Availability',
      body: (
        <Paragraph>
          We work to keep Quorum running, but we do not promise that it will always be available, fast or free of
          errors. Maintenance, outages at an AI provider or other causes may interrupt it. We may change, add or remove
          features and models.
        </Paragraph>
      ),
    },
    {
      id: 'privacy',
      heading: 'Privacy',
      body: (
        <Paragraph>
          How we handle personal data is described in the{' '}
          <Anchor component={Link} to="/privacy-policy" size="sm" underline="always">
            privacy policy
          </Anchor>{' '}
          and, for cookies and browser storage, the{' '}
          <Anchor component={Link} to="/cookie-policy" size="sm" underline="always">
            cookie policy
          </Anchor>
          .
        </Paragraph>
      ),
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers and liability',
      body: (
        <Paragraph>
          AI models make mistakes, and their answers can be wrong, incomplete or out of date. Answers are not
          professional advice (medical, legal, financial or otherwise). Quorum is provided "as is". As far as the law
          allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to
          what you paid us in the twelve months before the claim.
        </Paragraph>
      ),
    },
    {
      id: 'termination',
      heading: 'Termination',
      body: (
        <Paragraph>
          You may delete your account at any time from the user menu (Delete Account). We may suspend or close an
          account that breaks these terms. When an account is closed or deleted, any unused credits are forfeited and
          are not refunded.
        </Paragraph>
      ),
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      body: (
        <Paragraph>
          These terms are governed by the law of the country where Quorum's operator is established, and its courts
          decide disputes, without taking away any protection the consumer law of your own country gives you.
        </Paragraph>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <Paragraph>
          We may update these terms. The date at the top shows the latest version. If a change matters, we will point
          it out in the app before it applies; using Quorum after that means you accept the new terms.
        </Paragraph>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact',
      body: (
        <Paragraph>
          For legal matters write to <MailLink address={legalEmail} />. For help with your account, credits or answers,
          write to <MailLink address={supportEmail} />.
        </Paragraph>
      ),
    },
    {
      id: 'severability',
      heading: 'Severability',
      body: (
        <Paragraph>
          If a court finds part of these terms invalid, that part is applied as far as it can be, and the rest stays in
          force.
        </Paragraph>
      ),
    },
    {
      id: 'entire-agreement',
      heading: 'Entire agreement',
      body: (
        <Paragraph>
          These terms, together with the privacy and cookie policies, are the whole agreement between you and us about
          Quorum, and replace anything agreed before about the same subject.
        </Paragraph>
      ),
    },
  ];

  return (
    <LegalDocument
      title="Terms and conditions"
      lastUpdated={LAST_UPDATED}
      intro={<Paragraph>These terms explain what you can expect from Quorum and what we expect from you.</Paragraph>}
      sections={sections}
    />
  );
}
