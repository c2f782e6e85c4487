import { Alert, Box, Button, Group, Loader, Paper, Stack, Text, useComputedColorScheme } from '@mantine/core';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { PAYMENT_TEXTS } from '../../../../contract/payment-texts.ts';
import { stripeFor } from './stripe-loader.ts';

const FORM_NOT_LOADED = 'The card form could not be loaded. Check your connection and try again.';

interface CardPaymentStepProps {
  publishableKey: string;
  clientSecret: string;
  /** What is being paid for, e.g. "1,000 credits" and "$8.50". */
  summary: { credits: string; price: string };
  /** The card was accepted: the parent asks Quorum to add the credits. Resolves when that is settled either way. */
  onPaid(paymentIntentId: string): Promise<void>;
  onBack(): void;
  /** A problem after the card step, shown here (e.g. "still processing"). */
  problem: string | null;
  /**
   * Set once Stripe accepted the card but Quorum has not added the credits yet (still processing, or the call
   * failed): the way on is to ask Quorum again, never to pay again.
   */
  paidIntentId: string | null;
}

/**
 * Step two: Stripe's Payment Element in our dialog, then Complete Purchase. The card details go from the form
 * straight to Stripe, never through Quorum; 3-D Secure opens in Stripe's own frame (no redirect unless a payment
 * method requires one).
 */
export function CardPaymentStep({ publishableKey, clientSecret, summary, onPaid, onBack, problem, paidIntentId }: CardPaymentStepProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeParts = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scheme = useComputedColorScheme('light');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setReady(false);
    stripeFor(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountPoint.current) return;
        if (!stripe) throw new Error('Stripe.js is not available');
        const elements = stripe.elements({ clientSecret, appearance: { theme: scheme === 'dark' ? 'night' : 'stripe' } });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => !cancelled && setReady(true));
        element.mount(mountPoint.current);
        stripeParts.current = { stripe, elements };
        destroy = () => element.destroy();
      })
      .catch(() => !cancelled && setError(FORM_NOT_LOADED));
    return () => {
      cancelled = true;
      destroy?.();
      stripeParts.current = null;
    };
  }, [publishableKey, clientSecret, scheme]);

  const pay = async () => {
    const parts = stripeParts.current;
    if (!parts) return;
    setPaying(true);
    setError(null);
    try {
      const result = await parts.stripe.confirmPayment({ elements: parts.elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_TEXTS.failed);
        return;
      }
      await onPaid(result.paymentIntent.id);
    } catch {
      setError(PAYMENT_TEXTS.failed);
    } finally {
      setPaying(false);
    }
  };

  const checkAgain = async (paymentIntentId: string) => {
    setPaying(true);
    try {
      await onPaid(paymentIntentId);
    } finally {
      setPaying(false);
    }
  };

  const shownProblem = error ?? problem;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between">
          <Text fw={600} data-testid="payment-summary-credits">
            {summary.credits}
          </Text>
          <Text fw={700} data-testid="payment-summary-price">
            {summary.price}
          </Text>
        </Group>
      </Paper>
      <Box pos="relative" mih={120}>
        {!ready && !error && <Loader size="sm" aria-label="Loading the card form" pos="absolute" top={8} left={8} />}
        <div ref={mountPoint} data-testid="payment-element" />
      </Box>
      {shownProblem && (
        <Alert color="red" variant="light" role="alert" data-testid="payment-error">
          {shownProblem}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={paying || paidIntentId !== null}>
          Back
        </Button>
        {paidIntentId ? (
          <Button onClick={() => void checkAgain(paidIntentId)} loading={paying} data-testid="check-payment-again">
            Check again
          </Button>
        ) : (
          <Button onClick={() => void pay()} loading={paying} disabled={!ready} data-testid="complete-purchase">
            Complete Purchase
          </Button>
        )}
      </Group>
      <Text size="xs">
        Card details go straight to Stripe; Quorum never sees them. All purchases are final.
      </Text>
    </Stack>
  );
}
