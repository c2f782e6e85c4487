import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { SearchTrail, SearchTrailSource } from '../../../../contract/search-trail.ts';
import { isWebAddress } from '../answer-facts/answer-facts-text.ts';

/**
 * What the model searched for one answer: the queries it ran, then the pages its text cites, then those its search
 * returned that it left uncited. A page whose redirect could not be followed says so, with the site the provider named.
 */
export function SearchTrailView({ trail }: { trail: SearchTrail }) {
  const cited = trail.sources.filter((source) => source.cited);
  const retrievedOnly = trail.sources.filter((source) => !source.cited);
  return (
    <Stack gap={6} data-testid="search-trail">
      <div>
        <Text size="xs" c="dimmed" fw={500} component="h3" m={0}>
          Searched for
        </Text>
        {trail.queries.length > 0 ? (
          <Group gap={4} mt={4} wrap="wrap" data-testid="search-trail-queries">
            {trail.queries.map((query) => (
              <Badge key={query} variant="outline" tt="none" fw={400} c="var(--mantine-color-text)" style={{ maxWidth: '100%' }} data-testid="search-trail-query">
                {query}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            The provider does not say which searches it ran.
          </Text>
        )}
      </div>
      <SourceList title={`Cited in the answer (${cited.length})`} sources={cited} testId="search-trail-cited" empty="No page is cited in the text." />
      <SourceList title={`Retrieved, not cited (${retrievedOnly.length})`} sources={retrievedOnly} testId="search-trail-retrieved" empty="Every page retrieved was cited." />
    </Stack>
  );
}

function SourceList({ title, sources, testId, empty }: { title: string; sources: readonly SearchTrailSource[]; testId: string; empty: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500} component="h3" m={0}>
        {title}
      </Text>
      {sources.length === 0 ? (
        <Text size="xs" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ol style={{ margin: '4px 0 0', paddingInlineStart: '1.25rem' }}>
          {sources.map((source) => (
            <li key={source.url} style={{ overflowWrap: 'anywhere' }} data-testid="search-trail-source">
              <SourceLine source={source} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function SourceLine({ source }: { source: SearchTrailSource }) {
  const site = source.host ?? 'unknown site';
  const label = source.title && source.title !== site ? `${site}: ${source.title}` : site;
  return (
    <>
      {isWebAddress(source.url) ? (
        <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="xs" title={source.url} data-testid="answer-source">
          {label}
        </Anchor>
      ) : (
        <Text size="xs" span>
          {label}
        </Text>
      )}
      {source.resolution === 'unresolved' ? (
        <Text size="xs" c="dimmed" span data-testid="search-trail-unresolved">
          {' '}
          (redirect not followed: {source.resolutionError ?? 'unknown'})
        </Text>
      ) : null}
    </>
  );
}
