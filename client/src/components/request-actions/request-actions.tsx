import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../api/http-client.ts';
import type { CreateShareSettings } from '../../../../contract/shares.ts';
import { exportUrl, mySharesQuery, revokeShare, shareQueryKeys, shareRequest, type ShareLink } from '../../api/shares-api.ts';
import { ShareDialog } from './share-dialog.tsx';
import { ShareSettings } from './share-settings.tsx';

export interface RequestActionsProps {
  requestId: string;
}

/**
 * What can be done with a finished request: download it (Markdown or JSON) and share it as a read-only public link,
 * made only once the person has chosen its end and passphrase in the Share dialog, then copied, changed or revoked
 * right here. For signed-in people (a link belongs to an account).
 */
export default function RequestActions({ requestId }: RequestActionsProps) {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    action()
      .then(() => void queryClient.invalidateQueries({ queryKey: shareQueryKeys.mine }))
      .catch((failure: unknown) => setError(messageOf(failure, fallback)))
      .finally(() => setBusy(false));
  };
  const [asking, setAsking] = useState(false);
  // A request shared before (this visit or another) shows its link and settings; otherwise the dialog asks first.
  const share = () =>
    run(async () => {
      const existing = (await queryClient.fetchQuery(mySharesQuery())).links.find((candidate) => candidate.requestId === requestId);
      if (existing) setLink(existing);
      else setAsking(true);
    }, 'Your shared links could not be read. Please try again.');
  const create = (settings: CreateShareSettings) =>
    run(async () => {
      setLink(await shareRequest(requestId, settings));
      setAsking(false);
    }, 'The link could not be made. Please try again.');
  const revoke = (token: string) =>
    run(async () => {
      await revokeShare(token);
      setLink(null);
    }, 'The link could not be revoked. Please try again.');

  return (
    <Stack gap="xs" data-testid="request-actions">
      <Group gap="xs" wrap="wrap">
        <Button size="compact-sm" variant="default" onClick={share} loading={busy && !link && !asking} aria-haspopup="dialog" data-testid="share-request">
          Share
        </Button>
        <Button size="compact-sm" variant="default" component="a" href={exportUrl(requestId, 'markdown')} download data-testid="export-markdown">
          Export Markdown
        </Button>
        <Button size="compact-sm" variant="default" component="a" href={exportUrl(requestId, 'json')} download data-testid="export-json">
          Export JSON
        </Button>
      </Group>
      {link && (
        <Paper withBorder p="sm" radius="md" data-testid="share-panel">
          <Stack gap={6}>
            <Text size="sm">
              Anyone with this link{link.passphraseProtected ? ' and its passphrase' : ''} can read the question and the answers (not who asked).
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput label="Public link" value={link.url} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} data-testid="share-url" />
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button size="sm" onClick={copy} variant={copied ? 'light' : 'filled'}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <ShareSettings
              link={link}
              onChanged={(changed) => {
                setLink(changed);
                void queryClient.invalidateQueries({ queryKey: shareQueryKeys.mine });
              }}
            />
            <Group gap="sm">
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => revoke(link.token)} loading={busy} data-testid="revoke-share">
                Stop sharing
              </Button>
              <Anchor component={Link} to="/shared-links" size="sm" underline="always">
                All your shared links
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      )}
      {error && !asking && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {asking && (
        <ShareDialog
          opened
          busy={busy}
          error={error}
          onClose={() => {
            setAsking(false);
            setError(null);
          }}
          onConfirm={create}
        />
      )}
    </Stack>
  );
}
