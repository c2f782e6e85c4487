import { accountForPassword } from '../../../../core/accounts/index.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

/** `POST ?action=login {email, password}`. */
export const login: AuthAction = async (context) => signIn(context, await accountForPassword(context.services, context.body));
