import { queryOptions } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey, RevokedApiKey } from '../../../contract/api-keys.ts';
import { apiCall } from './http-client.ts';

export type { ApiKeySummary, CreatedApiKey, CreateApiKeyBody } from '../../../contract/api-keys.ts';

export const apiKeyQueryKeys = { all: ['api-keys'] as const };

/** `GET /api/api-keys`: the signed-in person's live keys with their usage. */
export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyQueryKeys.all,
    queryFn: ({ signal }) => apiCall<ApiKeyList>('/api/api-keys', { signal }),
  });

/** `POST /api/api-keys`: the answer holds the whole key, the only time it is ever shown. */
export const createApiKey = (body: CreateApiKeyBody) => apiCall<CreatedApiKey>('/api/api-keys', { method: 'POST', body, preferServerMessage: true });

/** `DELETE /api/api-keys/:id`: the key stops working at once. */
export const revokeApiKey = (id: string) => apiCall<RevokedApiKey>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', preferServerMessage: true });
