import type { SupportAnswer, SupportRequestBody } from '../../../contract/support.ts';
import { apiCall } from './http-client.ts';

export type { SupportRequestBody };

/**
 * `POST /api/support`. The server's own message is shown for every refusal, the rate limit included: it says
 * what to do better than a generic text.
 */
export const submitSupportRequest = (body: SupportRequestBody) =>
  apiCall<SupportAnswer>('/api/support', { method: 'POST', body, preferServerMessage: true });
