import { accountForVerificationLink } from '../../../../core/accounts/index.ts';
import { signIn, type AuthAction } from '../auth-action.ts';

/** `POST ?action=verify-email {email, token}`: uses the emailed link and signs the user in on this browser. */
export const verifyEmail: AuthAction = async (context) => {
  const user = await accountForVerificationLink(context.services, context.body);
  return { message: 'Email verified successfully. You are now signed in.', ...(await signIn(context, user)) };
};
