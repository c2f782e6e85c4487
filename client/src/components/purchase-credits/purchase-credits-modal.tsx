import { Alert, Anchor, Button, Divider, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAYMENT_TEXTS } from '../../../../contract/payment-texts.ts';
import { confirmPayment, paymentOfferQuery, startPayment, type CreatePaymentBody, type PaymentIntentData, type PaymentOffer } from '../../api/payments-api.ts';
import { ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { useAuthModal } from '../../app-state/auth-modal-context.tsx';
import { useSiteFacts } from '../../site/site-facts.ts';
import { CardPaymentStep } from './card-payment-step.tsx';
import { CreditSelector } from './credit-selector.tsx';
import { PackageChoices } from './package-choices.tsx';
import { PaymentUnavailable } from './payment-unavailable.tsx';
import { confirmationOutcome } from './purchase-outcome.ts';
import { moneyText } from './purchase-pricing.ts';

/** Spec: after a successful purchase the page reloads after 2 s, so every view shows the new balance and tier. */
export const RELOAD_AFTER_PURCHASE_MS = 2_000;

type Step = { name: 'choose' } | { name: 'pay'; intent: PaymentIntentData } | { name: 'done'; message: string };

interface PurchaseCreditsModalProps {
  opened: boolean;
  initialCredits: number | undefined;
  onClose(): void;
}

/**
 * The Purchase Credits dialog: choose an amount (or a package), pay with Stripe's card form, and the credits are
 * added once Quorum has checked with Stripe that the payment went through. Opened from Buy Credits, the pricing
 * page and an "Insufficient credits" error; loaded on demand.
 */
export default function PurchaseCreditsModal({ opened, initialCredits, onClose }: PurchaseCreditsModalProps) {
  const { user } = useAuth();
  const authModal = useAuthModal();
  const site = useSiteFacts();
  const offerQuery = useQuery({ ...paymentOfferQuery, enabled: opened });
  const offer = offerQuery.data;

  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [credits, setCredits] = useState<number | ''>(100);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [paidIntentId, setPaidIntentId] = useState<string | null>(null);

  // Every opening starts over at the chosen amount (the pricing page's slider) or the default.
  useEffect(() => {
    if (!opened) return;
    setStep({ name: 'choose' });
    setProblem(null);
    setPaidIntentId(null);
    setCredits(initialCredits ?? offer?.dynamicPricing?.limits.defaultCredits ?? 100);
  }, [opened, initialCredits, offer?.dynamicPricing?.limits.defaultCredits]);

  useEffect(() => {
    if (step.name !== 'done') return;
    const timer = setTimeout(() => window.location.reload(), RELOAD_AFTER_PURCHASE_MS);
    return () => clearTimeout(timer);
  }, [step.name]);

  const begin = async (body: CreatePaymentBody) => {
    setStarting(true);
    setProblem(null);
    try {
      setStep({ name: 'pay', intent: await startPayment(body) });
    } catch (error) {
      setProblem(error instanceof ApiError ? (error.code === 'NETWORK_ERROR' ? PAYMENT_TEXTS.networkCreate : error.message) : PAYMENT_TEXTS.failed);
    } finally {
      setStarting(false);
    }
  };

  const finish = async (paymentIntentId: string, intent: PaymentIntentData) => {
    setProblem(null);
    try {
      const confirmation = await confirmPayment(paymentIntentId);
      setStep({ name: 'done', message: confirmation.message });
    } catch (error) {
      const outcome = confirmationOutcome(error);
      if (outcome.kind === 'succeeded') {
        setStep({ name: 'done', message: PAYMENT_TEXTS.succeeded(intent.credits) });
        return;
      }
      setProblem(outcome.message);
      // The card went through; what is left is for Quorum to add the credits, so the next step is to ask again.
      setPaidIntentId(paymentIntentId);
    }
  };

  const title = titleFor(offer, user !== null, step);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" closeOnClickOutside={step.name !== 'pay'} closeButtonProps={{ 'aria-label': 'Close' }} data-testid="purchase-modal">
      {!offer ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading prices" />
        </Group>
      ) : !offer.paymentEnabled ? (
        <PaymentUnavailable supportEmail={site.supportEmail} onClose={onClose} />
      ) : !user ? (
        <Stack gap="sm">
          <Text size="sm">{PAYMENT_TEXTS.signInRequired} Credits belong to an account, so they follow you to every device.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => { onClose(); authModal.open('login'); }}>
              Sign In
            </Button>
            <Button onClick={() => { onClose(); authModal.open('register'); }}>Create account</Button>
          </Group>
        </Stack>
      ) : step.name === 'done' ? (
        <Alert color="teal" variant="light" title="Thank you!" data-testid="payment-success" role="status">
          <Text size="sm">{step.message}</Text>
          <Text size="sm" mt={4}>
            The page will refresh in a moment.
          </Text>
        </Alert>
      ) : step.name === 'pay' ? (
        <CardPaymentStep
          publishableKey={offer.publishableKey ?? ''}
          clientSecret={step.intent.clientSecret}
          summary={{ credits: `${step.intent.credits.toLocaleString('en-US')} credits`, price: moneyText(step.intent.amount, step.intent.currency) }}
          onPaid={(paymentIntentId) => finish(paymentIntentId, step.intent)}
          onBack={() => {
            setProblem(null);
            setStep({ name: 'choose' });
          }}
          problem={problem}
          paidIntentId={paidIntentId}
        />
      ) : (
        <Stack gap="md">
          {offer.dynamicPricingEnabled && offer.dynamicPricing ? (
            <CreditSelector pricing={offer.dynamicPricing} currency={offer.currency} credits={credits} onChange={setCredits} onContinue={(amount) => void begin({ creditAmount: amount })} busy={starting} />
          ) : (
            <Text size="sm" data-testid="custom-credits-unavailable">
              Custom credit amounts are not available right now. Please choose a package
              {offer.packages.length > 0 ? ' below' : ''}, or{' '}
              <Anchor href={`mailto:${site.supportEmail}`} underline="always">
                contact support
              </Anchor>{' '}
              for a custom amount.
            </Text>
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="payment-error">
              {problem}
            </Alert>
          )}
          {offer.packages.length > 0 && (
            <>
              <Divider label={offer.dynamicPricingEnabled ? 'or choose a package' : 'Packages'} labelPosition="center" />
              <PackageChoices packages={offer.packages} onChoose={(pack) => void begin({ packageId: pack.id })} busy={starting} />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function titleFor(offer: PaymentOffer | undefined, signedIn: boolean, step: Step): string {
  if (offer && !offer.paymentEnabled) return 'Payment Unavailable';
  if (offer && signedIn && step.name === 'choose' && !offer.dynamicPricingEnabled) return 'Custom Credits Unavailable';
  if (step.name === 'pay') return 'Complete Purchase';
  if (step.name === 'done') return 'Payment successful';
  return 'Purchase Credits';
}
