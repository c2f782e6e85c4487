import { Button } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { authApi, type SignedIn } from '../../api/auth-api.ts';
import { useAuth } from '../../app-state/auth-context.tsx';
import { ResultCard, ResultPanel } from '../../components/result-panel/result-panel.tsx';
import { redirectDelayMs, VERIFY_EMAIL_TEXTS, verificationFailureText } from './verification-outcome.ts';

type Outcome = { status: 'success'; message: string; signedIn: boolean } | { status: 'error'; message: string };
type Verification = { status: 'verifying' } | Outcome;

/**
 * One verification per link. A link can be used once, so the request must not repeat when React StrictMode (in
 * development) runs the effect twice: the attempt is kept in a ref and both runs wait for the same one.
 */
function useVerification(token: string | undefined, email: string | undefined): Verification {
  const { signedIn } = useAuth();
  const attempt = useRef<{ key: string; outcome: Promise<Outcome> } | null>(null);
  const [verification, setVerification] = useState<Verification>({ status: 'verifying' });

  useEffect(() => {
    if (!token || !email) {
      setVerification({ status: 'error', message: VERIFY_EMAIL_TEXTS.invalidLink });
      return;
    }
    const key = `${email}\n${token}`;
    if (attempt.current?.key !== key) {
      setVerification({ status: 'verifying' });
      const outcome = authApi.verifyEmail({ email, token }).then(
        (result): Outcome => {
          const withUser = Boolean(result.user && result.session);
          // The server has set the session cookie: the app is signed in whether or not this page is still shown.
          if (withUser) signedIn({ user: result.user, session: result.session } satisfies SignedIn);
          return { status: 'success', message: result.message, signedIn: withUser };
        },
        (error: unknown): Outcome => ({ status: 'error', message: verificationFailureText(error) }),
      );
      attempt.current = { key, outcome };
    }
    let current = true;
    void attempt.current.outcome.then((outcome) => {
      if (current) setVerification(outcome);
    });
    return () => {
      current = false;
    };
  }, [token, email, signedIn]);

  return verification;
}

/** `/verify-email?token=…&email=…`: uses the emailed link, then takes the user home. */
export function VerifyEmailPage() {
  const { token, email } = useSearch({ from: '/verify-email' });
  const navigate = useNavigate();
  const verification = useVerification(token, email);

  const succeeded = verification.status === 'success';
  const withUser = succeeded && verification.signedIn;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), redirectDelayMs(withUser));
    return () => clearTimeout(timer);
  }, [succeeded, withUser, navigate]);

  return (
    <ResultCard testId="verify-email-page">
      {verification.status === 'verifying' && <ResultPanel outcome="working" title="Verifying your email…" note="This takes a moment." />}
      {verification.status === 'success' && (
        <ResultPanel outcome="success" testId="verification-success" title="Email verified" message={verification.message} note="Taking you to Quorum…" />
      )}
      {verification.status === 'error' && (
        <ResultPanel
          outcome="failure"
          testId="verification-error"
          title="Verification failed"
          message={verification.message}
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
