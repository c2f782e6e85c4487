import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiKeyQueryKeys, apiKeysQuery, type CreatedApiKey } from '../../api/api-keys-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { ApiKeyList } from './api-key-list.tsx';
import { CreateKeyForm } from './create-key-form.tsx';
import { NewKeyNotice } from './new-key-notice.tsx';
import { UsageExamplesPanel } from './usage-examples-panel.tsx';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

/** The API page: keys for programs and assistants, and how to call Quorum with them. */
export function DeveloperApiPage() {
  usePageTitle('Developer API');
  return (
    <SignedInOnly reason="Sign in to create API keys. A key spends your credits, so it belongs to your account." testId="developer-api-auth-required">
      <SignedInDeveloperApi />
    </SignedInOnly>
  );
}

function SignedInDeveloperApi() {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: apiKeyQueryKeys.all });
  // The mails after a password reset or change link to `#api-keys` to review the keys: the list is drawn only once
  // they have loaded, after the router's own look for the anchor, so it is brought into view then.
  useEffect(() => {
    if (!keys.isPending && window.location.hash === '#api-keys') document.getElementById('api-keys')?.scrollIntoView();
  }, [keys.isPending]);

  return (
    <Stack gap="lg" py="md" data-testid="developer-api-page">
      <div>
        <Title order={1} size="h2">
          Developer API
        </Title>
        <Text c="dimmed" size="sm">
          Use your credits from your own code, any OpenAI client, or an AI assistant through MCP. Keys spend from your account under your plan&apos;s rules.
        </Text>
      </div>

      {created && <NewKeyNotice created={created} onDismiss={() => setCreated(null)} />}
      <CreateKeyForm
        onCreated={(key) => {
          setCreated(key);
          refresh();
        }}
      />

      <Stack gap="sm" id="api-keys">
        <Title order={2} size="h4">
          Your keys
        </Title>
        {keys.isPending ? (
          <Loader size="sm" aria-label="Loading keys" />
        ) : keys.isError ? (
          <Text c="red" size="sm" role="alert">
            {messageOf(keys.error, 'Your keys could not be loaded.')}
          </Text>
        ) : (
          <ApiKeyList
            keys={keys.data.keys}
            onRevoked={() => {
              setCreated(null);
              refresh();
            }}
          />
        )}
      </Stack>

      <UsageExamplesPanel apiKey={created?.key ?? null} />
    </Stack>
  );
}
