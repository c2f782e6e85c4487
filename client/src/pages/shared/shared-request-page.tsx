import { Anchor, Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../api/http-client.ts';
import { sharedRequestQuery, type SharedAnswer } from '../../api/shares-api.ts';
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

/** A shared request, read-only, for anyone with the link (signed in or not). */
export default function SharedRequestPage() {
  const { token } = useParams({ from: '/share/$token' });
  const shared = useQuery(sharedRequestQuery(token));
  usePageTitle(shared.data ? shared.data.query.slice(0, 60) : 'Shared answers');

  if (shared.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <Stack gap="md" py="xl" align="flex-start" data-testid="shared-missing">
        <Title order={1} size="h2">
          {missing ? 'This link is not available' : 'The shared answers could not be loaded'}
        </Title>
        <Text c="dimmed">{missing ? 'It may have been revoked by the person who shared it, or the address is incomplete.' : 'Please try again in a moment.'}</Text>
        <Button component={Link} to="/" variant="light">
          Ask your own question
        </Button>
      </Stack>
    );
  }
  const { query, answers, askedAt, kind } = shared.data;
  return (
    <Stack gap="lg" py="md" data-testid="shared-request">
      <div>
        <Text size="sm" c="dimmed">
          Shared {kind === 'arena' ? 'arena round' : kind === 'comparison' ? 'comparison' : 'answer'} · asked {new Date(askedAt).toLocaleDateString()}
        </Text>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="shared-question">
          {query}
        </Title>
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
