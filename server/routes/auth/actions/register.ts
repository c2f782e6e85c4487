import { registerWithPassword } from '../../../../core/accounts/index.ts';
import { sendInBackground, type AuthAction } from '../auth-action.ts';

/** `POST ?action=register`: the account rules decide; the mail leaves after the answer (see `sendInBackground`). */
export const register: AuthAction = async (context) => {
  const { answer, mail } = await registerWithPassword(context.services, context.body);
  sendInBackground(context, mail);
  return answer;
};
