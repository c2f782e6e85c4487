import { Button, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SHARE_PASSPHRASE_LENGTH, type CreateShareSettings } from '../../../../contract/shares.ts';
import { DEFAULT_SHARE_END, expiresInDaysOf, passphraseProblem, SHARE_END_CHOICES } from './share-ends.ts';

export interface ShareDialogProps {
  opened: boolean;
  busy: boolean;
  error: string | null;
  onClose(): void;
  /** The settings chosen: only now is the link made. */
  onConfirm(settings: CreateShareSettings): void;
}

/**
 * Before a link exists: when it ends (a month unless chosen otherwise) and an optional passphrase. Nothing is public
 * until Create link; Cancel leaves no link behind.
 */
export function ShareDialog({ opened, busy, error, onClose, onConfirm }: ShareDialogProps) {
  const [ends, setEnds] = useState(DEFAULT_SHARE_END);
  const [passphrase, setPassphrase] = useState('');
  const problem = passphraseProblem(passphrase);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    onConfirm({ expiresInDays: expiresInDaysOf(ends), ...(passphrase ? { passphrase } : {}) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Share as a link" centered closeButtonProps={{ 'aria-label': 'Close' }} data-testid="share-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Anyone with the link can read the question and the answers, not who asked. Choose how long it works and whether readers need a passphrase.</Text>
          <Select
            label="Link ends"
            data={SHARE_END_CHOICES}
            value={ends}
            allowDeselect={false}
            onChange={(value) => value && setEnds(value)}
            comboboxProps={{ withinPortal: true }}
            data-testid="share-dialog-ends"
          />
          <PasswordInput
            label="Passphrase (optional)"
            description="Readers must type it to open the link."
            value={passphrase}
            maxLength={SHARE_PASSPHRASE_LENGTH.max}
            onChange={(event) => setPassphrase(event.currentTarget.value)}
            error={problem}
            autoComplete="new-password"
            data-testid="share-dialog-passphrase"
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={problem !== null} data-testid="share-dialog-create">
              Create link
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
