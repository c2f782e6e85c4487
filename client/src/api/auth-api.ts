import type {
  Done,
  Profile,
  PublicUser,
  Registered,
  SessionExpiry,
  SessionState,
  SignedIn,
  VerificationResent,
  VerifiedAndSignedIn,
} from '../../../contract/auth.ts';
import type { Tier } from '../../../contract/limits.ts';
import { apiCall } from './http-client.ts';

export type { Tier };

/** The account as the server shows it to its owner. */
export type User = PublicUser;
/** When the session ends unless it is used again. */
export type SessionInfo = SessionExpiry;
export type { SignedIn };

const AUTH_PATH = '/api/auth';
const post = <T>(action: string, body: unknown = {}) =>
  apiCall<T>(`${AUTH_PATH}?action=${action}`, { method: 'POST', body, preferServerMessage: true });

/** The single accounts endpoint, one function per action. */
export const authApi = {
  session: () => apiCall<SessionState>(`${AUTH_PATH}?action=session`, { preferServerMessage: true }),
  register: (body: { name: string; email: string; password: string }) => post<Registered>('register', body),
  login: (body: { email: string; password: string }) => post<SignedIn>('login', body),
  google: (token: string) => post<SignedIn>('google', { token }),
  logout: () => post<Done>('logout'),
  verifyEmail: (body: { email: string; token: string }) => post<VerifiedAndSignedIn>('verify-email', body),
  resendVerification: (email: string) => post<VerificationResent>('resend-verification', { email }),
  deleteAccount: () => post<Done>('delete-account'),
  requestPasswordReset: (email: string) => post<Done>('request-password-reset', { email }),
  resetPassword: (body: { token: string; password: string }) => post<VerifiedAndSignedIn>('reset-password', body),
  profile: () => apiCall<Profile>(`${AUTH_PATH}?action=profile`, { preferServerMessage: true }),
};
