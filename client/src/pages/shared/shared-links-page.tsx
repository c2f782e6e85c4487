import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/http-client.ts';
import { HISTORY_CSV_URL, mySharesQuery, revokeShare, shareQueryKeys } from '../../api/shares-api.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { SignedInOnly } from '../../components/signed-in-only/signed-in-only.tsx';

/** The signed-in person's live shared links, each with its address and a way to revoke it; and the history as CSV. */
export default function SharedLinksPage() {
  usePageTitle('Shared links');
  return (
    <SignedInOnly title="Shared links" reason="Sign in to see the links you have shared." testId="shared-links-auth-required">
      <SharedLinks />
    </SignedInOnly>
  );
}

function SharedLinks() {
  const queryClient = useQueryClient();
  const links = useQuery(mySharesQuery());
  const [error, setError] = useState<string | null>(null);

  const revoke = (token: string) => {
    setError(null);
    revokeShare(token)
      .then(() => queryClient.invalidateQueries({ queryKey: shareQueryKeys.mine }))
      .catch((failure: unknown) => setError(messageOf(failure, 'The link could not be revoked. Please try again.')));
  };

  return (
    <Stack gap="lg" py="md" data-testid="shared-links-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Shared links
          </Title>
          <Text c="dimmed" size="sm">
            Anyone with one of these links can read that question and its answers. Revoking a link ends it at once.
          </Text>
        </div>
        <Button component="a" href={HISTORY_CSV_URL} download variant="default" data-testid="export-history">
          Download history (CSV)
        </Button>
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {links.isPending ? (
        <Loader size="sm" aria-label="Loading your links" />
      ) : links.isError ? (
        <Text c="red" role="alert">
          {messageOf(links.error, 'Your links could not be loaded.')}
        </Text>
      ) : links.data.links.length === 0 ? (
        <Text c="dimmed" data-testid="shared-links-empty">
          You have no shared links. Share a finished comparison or arena round from its results.
        </Text>
      ) : (
        <Stack gap="sm">
          {links.data.links.map((link) => (
            <Paper key={link.token} withBorder p="sm" radius="md" data-testid="shared-link">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} truncate="end">
                    {link.query}
                  </Text>
                  <Anchor href={`/share/${link.token}`} size="xs" underline="always" display="block" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {link.url}
                  </Anchor>
                  {(link.expiresAt || link.passphraseProtected || link.mode === 'snapshot') && (
                    <Group gap={6} mt={4} data-testid="shared-link-settings">
                      {link.expiresAt && (
                        <Badge size="xs" variant="light" color="gray">
                          Ends {new Date(link.expiresAt).toLocaleDateString()}
                        </Badge>
                      )}
                      {link.passphraseProtected && (
                        <Badge size="xs" variant="light" color="grape">
                          Passphrase
                        </Badge>
                      )}
                      {link.mode === 'snapshot' && (
                        <Badge size="xs" variant="light" color="blue">
                          Snapshot
                        </Badge>
                      )}
                    </Group>
                  )}
                </div>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => revoke(link.token)} style={{ flexShrink: 0 }} data-testid="revoke-link">
                  Revoke
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
