import { Button, Group, PasswordInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SHARE_PASSPHRASE_LENGTH, type ShareSettingsBody } from '../../../../contract/shares.ts';
import { messageOf } from '../../api/http-client.ts';
import { changeShareSettings, type ShareLink } from '../../api/shares-api.ts';
import { expiresInDaysOf, passphraseProblem, SHARE_END_CHOICES } from './share-ends.ts';

const endText = (expiresAt: string | null): string =>
  expiresAt ? `Ends ${new Date(expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : 'Never ends';

export interface ShareSettingsProps {
  link: ShareLink;
  onChanged(link: ShareLink): void;
}

/**
 * A shared link's settings, each saved as it is chosen: when the link ends, whether it shows the request as it is
 * now (live) or as it was when frozen (snapshot), and a passphrase readers must give.
 */
export function ShareSettings({ link, onChanged }: ShareSettingsProps) {
  // A link shared earlier may already have an end; the choice is then left blank, and the summary says when.
  const [ends, setEnds] = useState<string | null>(link.expiresAt ? null : 'never');
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = (settings: ShareSettingsBody, after?: () => void) => {
    setBusy(true);
    setError(null);
    changeShareSettings(link.token, settings)
      .then((changed) => {
        onChanged(changed);
        after?.();
      })
      .catch((failure: unknown) => setError(messageOf(failure, 'The setting could not be saved. Please try again.')))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="xs" data-testid="share-settings">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Link ends"
          data={SHARE_END_CHOICES}
          value={ends}
          placeholder="As set"
          allowDeselect={false}
          disabled={busy}
          onChange={(value) => {
            if (!value) return;
            setEnds(value);
            save({ expiresInDays: expiresInDaysOf(value) });
          }}
          w={150}
          comboboxProps={{ withinPortal: true }}
          data-testid="share-ends"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="share-mode-label">
            Shows
          </Text>
          <SegmentedControl
            aria-labelledby="share-mode-label"
            size="xs"
            disabled={busy}
            value={link.mode}
            onChange={(value) => save({ mode: value as ShareLink['mode'] })}
            data={[
              { value: 'live', label: 'Live' },
              { value: 'snapshot', label: 'Snapshot' },
            ]}
            data-testid="share-mode"
          />
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" data-testid="share-summary">
        {endText(link.expiresAt)} ·{' '}
        {link.mode === 'snapshot' ? 'frozen as it is now: later changes do not show' : 'live: a regenerated answer shows its newest version'}
        {link.passphraseProtected ? ' · readers need the passphrase' : ''}
      </Text>
      {link.passphraseProtected ? (
        <Group gap="xs">
          <Text size="sm">Protected with a passphrase.</Text>
          <Button size="compact-sm" variant="subtle" disabled={busy} onClick={() => save({ removePassphrase: true })} data-testid="share-remove-passphrase">
            Remove passphrase
          </Button>
        </Group>
      ) : (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <PasswordInput
            label="Passphrase (optional)"
            placeholder="Readers must type it"
            value={passphrase}
            maxLength={SHARE_PASSPHRASE_LENGTH.max}
            onChange={(event) => setPassphrase(event.currentTarget.value)}
            error={passphraseProblem(passphrase)}
            style={{ flex: 1 }}
            autoComplete="new-password"
            data-testid="share-passphrase"
          />
          <Button
            mt={25}
            size="sm"
            variant="default"
            disabled={busy || passphrase.length < SHARE_PASSPHRASE_LENGTH.min}
            onClick={() => save({ passphrase }, () => setPassphrase(''))}
            data-testid="share-protect"
          >
            Protect
          </Button>
        </Group>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
