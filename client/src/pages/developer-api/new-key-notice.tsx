import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiKey } from '../../api/api-keys-api.ts';

/** The one moment the whole key is visible: copy it now, it is never shown again. */
export function NewKeyNotice({ created, onDismiss }: { created: CreatedApiKey; onDismiss: () => void }) {
  return (
    <Alert color="teal" variant="light" data-testid="new-api-key" aria-label={`Key ${created.name} created`}>
      <Stack gap="xs">
        <Text fw={700}>Key “{created.name}” created</Text>
        <Text size="sm">Copy it now and keep it somewhere safe. Quorum stores only a fingerprint of it and cannot show it again.</Text>
        <Code block data-testid="new-api-key-value" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {created.key}
        </Code>
        <Group gap="xs">
          <CopyButton value={created.key}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} data-testid="copy-api-key">
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDismiss}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
