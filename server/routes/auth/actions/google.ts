import { accountForGoogleToken } from '../../../../core/accounts/index.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

/** `POST ?action=google {token}`: signs in with a Google ID token. */
export const google: AuthAction = async (context) => signIn(context, await accountForGoogleToken(context.services, context.body.token));
