import type { User } from '../database/index.ts';

/** The user as the browser sees it (id, name, email, tier), never with secrets. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  tier: 'registered' | 'subscribed';
  emailVerified: boolean;
}

export function publicUser(user: User): PublicUser {
  return { id: user.id, name: user.name, email: user.email, tier: user.tier, emailVerified: user.emailVerified };
}
