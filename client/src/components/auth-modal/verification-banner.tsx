import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { authApi } from '../../api/auth-api.ts';
import { ApiError, messageOf } from '../../api/http-client.ts';
import { attemptsText, formatCountdown, RESEND_COOLDOWN_MS } from './verification-cooldown.ts';
import { useSecondsLeft } from './use-seconds-left.ts';
import { EMAIL_NOT_VERIFIED_TEXT } from '../../../../contract/client-error-texts.ts';

export interface VerificationBannerProps {
  email: string;
  /** What the server said (registration's "check your email", or login's "please verify"). */
  message?: string | undefined;
  /** When resend becomes possible (epoch ms); null when it already is. */
  cooldownEndsAt: number | null;
}

type Feedback = { kind: 'sent' | 'failed'; text: string } | null;

/** Reads what a refused resend tells about waiting and attempts (the server puts it in the envelope's data). */
function limitsFrom(error: unknown): { retryAfterSeconds?: number; remainingAttempts?: number } {
  const data = error instanceof ApiError ? error.data : null;
  return {
    ...(typeof data?.retryAfterSeconds === 'number' ? { retryAfterSeconds: data.retryAfterSeconds } : {}),
    ...(typeof data?.remainingAttempts === 'number' ? { remainingAttempts: data.remainingAttempts } : {}),
  };
}

/**
 * "Check your email" with a resend button. After an email was sent the button waits out the 5-minute cooldown,
 * counting down as m:ss; the server allows 3 resends in all and says how many remain.
 */
export function VerificationBanner({ email, message, cooldownEndsAt: initialCooldownEndsAt }: VerificationBannerProps) {
  const [cooldownEndsAt, setCooldownEndsAt] = useState(initialCooldownEndsAt);
  const [remainingAttempts, setRemainingAttempts] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const secondsLeft = useSecondsLeft(cooldownEndsAt);
  const exhausted = remainingAttempts === 0;
  const coolingDown = secondsLeft > 0;

  const resend = async () => {
    setSending(true);
    setFeedback(null);
    try {
      const result = await authApi.resendVerification(email);
      setFeedback({ kind: 'sent', text: result.message });
      setRemainingAttempts(result.remainingAttempts);
      setCooldownEndsAt(Date.now() + RESEND_COOLDOWN_MS);
    } catch (error) {
      setFeedback({ kind: 'failed', text: messageOf(error, 'Failed to resend verification email') });
      const limits = limitsFrom(error);
      if (limits.remainingAttempts !== undefined) setRemainingAttempts(limits.remainingAttempts);
      // The server's clock is the one that counts: wait as long as it says.
      if (limits.retryAfterSeconds !== undefined) setCooldownEndsAt(Date.now() + limits.retryAfterSeconds * 1_000);
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert variant="light" color="indigo" title="Verify your email" data-testid="verification-banner">
      <Stack gap="xs">
        <Text size="sm">{message ?? EMAIL_NOT_VERIFIED_TEXT}</Text>
        <Text size="sm">
          We sent a link to{' '}
          <Text span fw={600} inherit style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          . It works for 24 hours; check your spam folder if it has not arrived.
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            size="xs"
            onClick={() => void resend()}
            loading={sending}
            disabled={coolingDown || exhausted}
            data-testid="resend-verification"
          >
            Resend verification email
          </Button>
          {coolingDown && !exhausted && (
            <Text size="xs" c="dimmed" data-testid="resend-countdown" aria-live="off">
              Available again in {formatCountdown(secondsLeft)}
            </Text>
          )}
        </Group>
        {feedback && (
          <Text size="sm" c={feedback.kind === 'sent' ? 'teal' : 'red'} role={feedback.kind === 'failed' ? 'alert' : 'status'} data-testid="resend-feedback">
            {feedback.text}
          </Text>
        )}
        {remainingAttempts !== null && (
          <Text size="xs" c="dimmed" data-testid="resend-attempts">
            {attemptsText(remainingAttempts)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
