import { Badge, Loader, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ProportionEstimate } from '../../../../contract/tracking-statistics.ts';
import type { RetrievalSite } from '../../../../contract/tracking-retrieval.ts';
import type { TrackingSet } from '../../../../contract/tracking.ts';
import { messageOf } from '../../api/http-client.ts';
import { trackingRetrievalQuery } from '../../api/tracking-retrieval-api.ts';
import { rangeText } from './tracking-format.ts';

const DAYS = 30;

const answersText = (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'}`;
const estimateText = (estimate: ProportionEstimate) => `${estimate.count} of ${estimate.readings} · ${rangeText(estimate.rate, estimate.low, estimate.high)}`;

/** "Your site was retrieved in 12 answers and cited in 3": the sentence a reader acts on. */
function siteSentence(site: RetrievalSite): string {
  const who = site.isBrand ? 'Your site' : `${site.name}’s site`;
  return `${who} was retrieved in ${answersText(site.retrieved.count)} and cited in ${site.cited.count}.`;
}

/**
 * What the models searched, retrieved and cited over the set's last 30 days: per site (the brand's and each
 * competitor's) how many of the answers that searched the web reached its pages and how many cited them, with 95%
 * intervals; the searches that found a competitor and not the brand; and each prompt's most frequent searches.
 */
export function TrackingRetrievalCard({ set }: { set: TrackingSet }) {
  const retrieval = useQuery(trackingRetrievalQuery(set.id, DAYS));
  const data = retrieval.data?.retrieval;
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracking-retrieval">
      <Title order={3} size="h5">
        What the models searched, retrieved and cited
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        From the answers of the last {DAYS} days that searched the web (web search and AI Overview answers). Retrieved: the search handed the model one of the
        site&rsquo;s pages. Cited: the answer&rsquo;s text points to one. Ranges are 95% intervals.
      </Text>
      {retrieval.isPending ? (
        <Loader size="sm" aria-label="Loading retrieval figures" />
      ) : retrieval.isError ? (
        <Text size="sm" c="red">
          {messageOf(retrieval.error, 'Could not load the retrieval figures.')}
        </Text>
      ) : !data || data.searchedAnswers === 0 ? (
        <Text size="sm" c="dimmed" data-testid="tracking-retrieval-empty">
          No answer of this set searched the web yet. Add a model that searches (Perplexity) or the AI Overview to see what they read.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="tracking-retrieval-summary">
            {answersText(data.searchedAnswers)} searched the web; {data.answersWithQueries} said which searches they ran.
            {data.unresolvedSources > 0 ? ` ${data.unresolvedSources} pages behind a redirect could not be followed and are counted by the site the provider named.` : ''}
          </Text>
          {/* Focusable and named, so a keyboard can scroll the table on a phone. */}
          <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Retrieved and cited, per site' }}>
            <Table striped miw={640} data-testid="tracking-retrieval-sites">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Retrieved</Table.Th>
                  <Table.Th>Cited</Table.Th>
                  <Table.Th>Cited when retrieved</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.sites.map((site) => (
                  <Table.Tr key={site.name} data-testid="tracking-retrieval-site">
                    <Table.Td>
                      <Text size="sm" fw={site.isBrand ? 600 : 400} span>
                        {site.name}
                      </Text>{' '}
                      {site.isBrand ? (
                        <Badge size="xs" variant="light" color="blue" c="var(--mantine-color-text)">
                          you
                        </Badge>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {site.hosts.length > 0 ? site.hosts.join(', ') : site.matchedBy === 'website' ? 'your website' : `hosts named ${site.name}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>{estimateText(site.retrieved)}</Table.Td>
                    <Table.Td>{estimateText(site.cited)}</Table.Td>
                    <Table.Td>{site.citedWhenRetrieved.readings === 0 ? '—' : estimateText(site.citedWhenRetrieved)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {data.sites[0] ? (
            <Text size="sm" data-testid="tracking-retrieval-sentence">
              {siteSentence(data.sites[0])}
            </Text>
          ) : null}

          <div>
            <Title order={4} size="h6">
              Searches that found a competitor and not you
            </Title>
            {data.competitorOnlyQueries.length === 0 ? (
              <Text size="sm" c="dimmed">
                None: wherever a competitor&rsquo;s page came back, one of yours did too (or the provider did not say what it searched).
              </Text>
            ) : (
              <ul style={{ margin: '4px 0 0', paddingInlineStart: '1.25rem' }} data-testid="tracking-retrieval-lost-queries">
                {data.competitorOnlyQueries.map((entry) => (
                  <li key={`${entry.prompt}\u0000${entry.query}`} style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" span fw={500}>
                      {entry.query}
                    </Text>
                    <Text size="xs" c="dimmed" span>
                      {' '}
                      found {entry.competitors.join(', ')} in {answersText(entry.answers)}
                    </Text>
                  </li>
                ))}
              </ul>
            )}
          </div>

          <div>
            <Title order={4} size="h6">
              Searches each prompt sets off
            </Title>
            <Stack gap={6} mt={4} data-testid="tracking-retrieval-fan-out">
              {data.fanOut.map((entry) => (
                <div key={entry.prompt}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {entry.prompt}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.queriesPerAnswer === null
                      ? `${answersText(entry.answers)}; the provider did not say what it searched.`
                      : `${entry.queriesPerAnswer} ${entry.queriesPerAnswer === 1 ? 'search' : 'searches'} per answer, over ${answersText(entry.answers)}: ${entry.queries.map((query) => `“${query.query}” (${query.answers})`).join(', ')}`}
                  </Text>
                </div>
              ))}
            </Stack>
          </div>
        </Stack>
      )}
    </Paper>
  );
}
