import { resendVerificationLink } from '../../../../core/accounts/index.ts';
import { sendInBackground, type AuthAction } from '../auth-action.ts';

/** `POST ?action=resend-verification {email}`: the same answer whether or not the address has an account. */
export const resendVerification: AuthAction = async (context) => {
  const { answer, mail } = await resendVerificationLink(context.services, context.body);
  sendInBackground(context, mail);
  return answer;
};
