import { Anchor, Button, Center, Loader, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AttachedFiles } from '../../components/attachments/attached-files.tsx';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { SHARE_TEXTS } from '../../../../contract/shares.ts';
import { ApiError, messageOf } from '../../api/http-client.ts';
import { openProtectedShare, sharedRequestQuery, type SharedAnswer, type SharedRequest } from '../../api/shares-api.ts';
import { LazyMarkdownAnswer } from '../../components/markdown-answer/lazy-markdown-answer.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const seconds = (ms: number | null): string => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

function SharedAnswerCard({ answer }: { answer: SharedAnswer }) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={answer.modelName} data-testid="shared-answer" style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <div>
          <Text fw={700}>{answer.modelName}</Text>
          <Text size="xs" c="dimmed">
            {answer.engineName} · first word after {seconds(answer.timeToFirstTokenMs)} · done in {seconds(answer.durationMs)}
          </Text>
        </div>
        {answer.success && answer.response ? (
          <LazyMarkdownAnswer content={answer.response} />
        ) : (
          <Text size="sm" c="red">
            {answer.error ?? 'This model did not answer.'}
          </Text>
        )}
        {answer.sources.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" fw={600}>
              Sources
            </Text>
            {answer.sources.map((source) => (
              <Anchor key={source.url} href={source.url} target="_blank" rel="noopener noreferrer nofollow" size="xs" underline="always">
                {source.title || source.url}
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** A protected link's door: the passphrase opens it; a wrong one, or too many tries, says so. */
function PassphraseForm({ token, onOpened }: { token: string; onOpened(shared: SharedRequest): void }) {
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passphrase === '') return;
    setBusy(true);
    setError(null);
    openProtectedShare(token, passphrase)
      .then(onOpened)
      .catch((failure: unknown) => setError(messageOf(failure, 'The link could not be opened. Please try again.')))
      .finally(() => setBusy(false));
  };
  return (
    <Stack gap="md" py="xl" maw={420} component="form" onSubmit={submit} data-testid="shared-passphrase">
      <Title order={1} size="h2">
        These answers are protected
      </Title>
      <Text c="dimmed">The person who shared this link set a passphrase. Type it to read the question and the answers.</Text>
      <PasswordInput label="Passphrase" value={passphrase} onChange={(event) => setPassphrase(event.currentTarget.value)} error={error} autoFocus autoComplete="off" data-testid="shared-passphrase-input" />
      <Button type="submit" loading={busy} disabled={passphrase === ''} style={{ alignSelf: 'flex-start' }} data-testid="shared-passphrase-open">
        Open
      </Button>
    </Stack>
  );
}

/** A shared request, read-only, for anyone with the link (signed in or not); a protected one after its passphrase. */
export default function SharedRequestPage() {
  const { token } = useParams({ from: '/share/$token' });
  const shared = useQuery(sharedRequestQuery(token));
  const [unlocked, setUnlocked] = useState<SharedRequest | null>(null);
  const data = unlocked ?? shared.data;
  usePageTitle(data ? data.query.slice(0, 60) : 'Shared answers');

  if (shared.isPending && !unlocked) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (!data && shared.error instanceof ApiError && shared.error.status === 403) return <PassphraseForm token={token} onOpened={setUnlocked} />;
  if (!data) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    const ended = missing && shared.error?.message === SHARE_TEXTS.expired;
    return (
      <Stack gap="md" py="xl" align="flex-start" data-testid="shared-missing">
        <Title order={1} size="h2">
          {ended ? 'This link has expired' : missing ? 'This link is not available' : 'The shared answers could not be loaded'}
        </Title>
        <Text c="dimmed">
          {ended
            ? 'The person who shared it set it to end. Ask them for a new link.'
            : missing
              ? 'It may have been revoked by the person who shared it, or the address is incomplete.'
              : 'Please try again in a moment.'}
        </Text>
        <Button component={Link} to="/" variant="light">
          Ask your own question
        </Button>
      </Stack>
    );
  }
  const { query, answers, askedAt, kind, attachments } = data;
  return (
    <Stack gap="lg" py="md" data-testid="shared-request">
      <div>
        <Text size="sm" c="dimmed">
          Shared {kind === 'arena' ? 'arena round' : kind === 'comparison' ? 'comparison' : 'answer'} · asked {new Date(askedAt).toLocaleDateString()}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="shared-question">
          {query}
        </Title>
        <AttachedFiles files={attachments} />
      </div>
      <SimpleGrid cols={{ base: 1, md: Math.min(3, answers.length) }} spacing="md">
        {answers.map((answer, index) => (
          <SharedAnswerCard key={`${answer.engine}/${answer.model}/${index}`} answer={answer} />
        ))}
      </SimpleGrid>
      <Button component={Link} to="/" variant="light" style={{ alignSelf: 'flex-start' }}>
        Ask your own question
      </Button>
    </Stack>
  );
}
