import type { Tier } from '../../../contract/limits.ts';
import { apiCall } from './http-client.ts';

export type { Tier };

/** Spec section 3's User, as the server sends it. */
export interface User {
  id: string;
  name: string;
  email: string;
  tier: 'registered' | 'subscribed';
  emailVerified: boolean;
}

export interface SessionInfo {
  expiresAt: string;
}

export interface SignedIn {
  user: User;
  session: SessionInfo;
}

export interface SessionCheck {
  authenticated: boolean;
  user: User | null;
  session: SessionInfo | null;
  /** Google's OAuth client id when Google sign-in is configured on this server, else null. */
  googleClientId: string | null;
}

export interface Registration {
  requiresVerification: boolean;
  email?: string;
  user: User | null;
  session: SessionInfo | null;
  message?: string;
}

export interface ResendResult {
  message: string;
  remainingAttempts: number;
}

const AUTH_PATH = '/api/auth';
const post = <T>(action: string, body: unknown = {}) =>
  apiCall<T>(`${AUTH_PATH}?action=${action}`, { method: 'POST', body, preferServerMessage: true });

/** The single accounts endpoint, one function per action. */
export const authApi = {
  session: () => apiCall<SessionCheck>(`${AUTH_PATH}?action=session`, { preferServerMessage: true }),
  register: (body: { name: string; email: string; password: string }) => post<Registration>('register', body),
  login: (body: { email: string; password: string }) => post<SignedIn>('login', body),
  google: (token: string) => post<SignedIn>('google', { token }),
  logout: () => post<{ message: string }>('logout'),
  verifyEmail: (body: { email: string; token: string }) => post<SignedIn & { message: string }>('verify-email', body),
  resendVerification: (email: string) => post<ResendResult>('resend-verification', { email }),
  deleteAccount: () => post<{ message: string }>('delete-account'),
  requestPasswordReset: (email: string) => post<{ message: string }>('request-password-reset', { email }),
  resetPassword: (body: { token: string; password: string }) => post<SignedIn & { message: string }>('reset-password', body),
  profile: () => apiCall<{ user: User & { createdAt: string; signInMethods: ('password' | 'google')[] } }>(`${AUTH_PATH}?action=profile`, { preferServerMessage: true }),
};
