import { startGoogleIssuer, type GoogleIssuer } from './google-issuer.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';
import { startTestStack, type TestStack } from './test-stack.ts';

/**
 * The stack the account tests sign people up, in and out on: a server without a worker, its mail caught by a real
 * SMTP catcher, Google sign-in checked against a stand-in issuer, and the auth rate limits scaled out of the way.
 */
export interface AccountStack {
  stack: TestStack;
  mail: MailCatcher;
  google: GoogleIssuer;
  close: () => Promise<void>;
}

export async function startAccountStack(environment: Record<string, string> = {}): Promise<AccountStack> {
  const [mail, google] = await Promise.all([startMailCatcher(), startGoogleIssuer()]);
  const stack = await startTestStack({
    withWorker: false,
    environment: {
      SMTP_URL: mail.url,
      APP_URL: 'http://quorum.test',
      AUTH_RATE_LIMIT_SCALE: '1000',
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_JWKS_URL: google.jwksUrl,
      ...environment,
    },
  });
  return {
    stack,
    mail,
    google,
    close: async () => {
      await stack.close();
      await Promise.all([mail.close(), google.close()]);
    },
  };
}
