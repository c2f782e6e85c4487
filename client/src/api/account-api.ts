import type { AccountDeletionCost, AccountSessions, EmailChanged, EmailChangeRequested, NameChanged, SessionsSignedOut } from '../../../contract/account.ts';
import { apiCall } from './http-client.ts';

export type { AccountSession } from '../../../contract/account.ts';

const ACCOUNT_PATH = '/api/account';
const send = <T>(method: 'POST' | 'PATCH', path: string, body: unknown = {}) => apiCall<T>(`${ACCOUNT_PATH}${path}`, { method, body, preferServerMessage: true });

/** The Settings page's calls (`/api/account/…`). */
export const accountApi = {
  sessions: () => apiCall<AccountSessions>(`${ACCOUNT_PATH}/sessions`, { preferServerMessage: true }),
  deletionCost: () => apiCall<AccountDeletionCost>(`${ACCOUNT_PATH}/deletion-cost`, { preferServerMessage: true }),
  signOutOthers: () => send<SessionsSignedOut>('POST', '/sessions/sign-out-others'),
  changeName: (name: string) => send<NameChanged>('PATCH', '/profile', { name }),
  changeEmail: (body: { email: string; currentPassword?: string }) => send<EmailChangeRequested>('POST', '/email', body),
  confirmEmailChange: (token: string) => send<EmailChanged>('POST', '/email/confirm', { token }),
  changePassword: (body: { currentPassword: string; newPassword: string }) => send<SessionsSignedOut>('POST', '/password', body),
};
