import { Button } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { accountApi } from '../../api/account-api.ts';
import { ApiError } from '../../api/http-client.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { ResultCard, ResultPanel } from '../../components/result-panel/result-panel.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export const CONFIRM_EMAIL_TEXTS = {
  invalidLink: 'This confirmation link is invalid or has already been used.',
  failed: 'Changing your email address failed. Please try again.',
  unreachable: 'An error occurred while confirming your address. Please try again.',
} as const;

type Confirmation = { status: 'confirming' } | { status: 'done'; message: string } | { status: 'error'; message: string };

function failureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === null) return CONFIRM_EMAIL_TEXTS.unreachable;
  return error.message || CONFIRM_EMAIL_TEXTS.failed;
}

/**
 * One confirmation per link, as on the verification page: the link works once, so the call must not repeat when
 * StrictMode runs the effect twice; the attempt is kept in a ref and both runs wait for it.
 */
function useConfirmation(token: string | undefined): Confirmation {
  const { refresh } = useAuth();
  const attempt = useRef<{ token: string; outcome: Promise<Confirmation> } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation>({ status: 'confirming' });

  useEffect(() => {
    if (!token) {
      setConfirmation({ status: 'error', message: CONFIRM_EMAIL_TEXTS.invalidLink });
      return;
    }
    if (attempt.current?.token !== token) {
      const outcome = accountApi.confirmEmailChange(token).then(
        (result): Confirmation => {
          // Signed in here as the account that moved: the menu and Settings show the new address at once.
          void refresh().catch(() => undefined);
          return { status: 'done', message: result.message };
        },
        (error: unknown): Confirmation => ({ status: 'error', message: failureText(error) }),
      );
      attempt.current = { token, outcome };
    }
    let current = true;
    void attempt.current.outcome.then((outcome) => {
      if (current) setConfirmation(outcome);
    });
    return () => {
      current = false;
    };
  }, [token, refresh]);

  return confirmation;
}

/** `/confirm-email?token=…`: opened from the mail sent to a new address; moves the account there. */
export function ConfirmEmailPage() {
  usePageTitle('Confirm new email');
  const { token } = useSearch({ from: '/confirm-email' });
  const { user } = useAuth();
  const confirmation = useConfirmation(token);

  return (
    <ResultCard testId="confirm-email-page">
      {confirmation.status === 'confirming' && <ResultPanel outcome="working" title="Confirming your new address…" />}
      {confirmation.status === 'done' && (
        <ResultPanel
          outcome="success"
          testId="email-change-success"
          title="Email address changed"
          message={confirmation.message}
          note="Sign in with this address from now on. We have told your old address about the change."
          actions={
            <>
              <Button component={Link} to="/" variant="default">
                Go to Home
              </Button>
              {user && (
                <Button component={Link} to="/settings" variant="light">
                  Back to Settings
                </Button>
              )}
            </>
          }
        />
      )}
      {confirmation.status === 'error' && (
        <ResultPanel
          outcome="failure"
          testId="email-change-error"
          title="Address not changed"
          message={confirmation.message}
          actions={
            <Button component={Link} to="/" variant="light">
              Go to Home
            </Button>
          }
        />
      )}
    </ResultCard>
  );
}
