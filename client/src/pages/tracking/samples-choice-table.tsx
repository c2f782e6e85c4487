import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { sampleChoices } from '../../../../contract/tracking-samples.ts';
import { SAMPLES_PER_CELL, type CostPreview } from '../../../../contract/tracking.ts';
import { creditsText } from './tracking-format.ts';

/**
 * What each choice of samples per cell buys, beside the field that sets it: how wide a run's 95% interval would be
 * if the brand were named in half the answers (the widest case) or in one in ten, and what a run would cost. The
 * sums are the contract's (`contract/tracking-samples.ts`), the same the server prices a set with. Loaded with the
 * form only when it has prompts and models, so it costs the first paint nothing.
 */
export function SamplesChoiceTable(props: { prompts: number; models: number; samples: number; cost: CostPreview }) {
  const { prompts, models, samples, cost } = props;
  const perAsking = cost.models.reduce((sum, model) => sum + model.credits, 0);
  const rows = sampleChoices({ prompts, models, perAsking, canaryPerRun: cost.canaryPerRun ?? 0, maximum: SAMPLES_PER_CELL.maximum });
  return (
    <div data-testid="samples-choice">
      <Text size="sm" fw={500} id="samples-choice-caption">
        What more samples buy ({prompts} {prompts === 1 ? 'prompt' : 'prompts'} × {models} {models === 1 ? 'model' : 'models'})
      </Text>
      {/* Scrolls sideways on a narrow phone; the region takes keyboard focus so it can be scrolled without a mouse. */}
      <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'What more samples buy' }}>
        <Table aria-labelledby="samples-choice-caption" verticalSpacing={4} fz="sm" miw={330} data-testid="samples-choice-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Samples</Table.Th>
              <Table.Th>Answers a run</Table.Th>
              <Table.Th>Width at 50%</Table.Th>
              <Table.Th>at 10%</Table.Th>
              <Table.Th>Per run</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.samples} aria-current={row.samples === samples ? 'true' : undefined} fw={row.samples === samples ? 700 : undefined} data-testid={`samples-choice-${row.samples}`}>
                <Table.Td>
                  {row.samples}
                  {row.allowed ? null : (
                    <Text span size="xs" c="dimmed" ml={4}>
                      (not offered)
                    </Text>
                  )}
                  {row.samples === samples ? (
                    <Badge ml={6} size="xs" variant="light">
                      chosen
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{row.answers.toLocaleString('en-US')}</Table.Td>
                <Table.Td>{row.widthAt50} pts</Table.Td>
                <Table.Td>{row.widthAt10} pts</Table.Td>
                <Table.Td>{creditsText(row.creditsPerRun)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Text size="xs" c="dimmed">
        Width: how many points the 95% interval around one run&apos;s visibility spans if the brand is named in half, or one in ten, of its
        answers. Four times the samples only halve it. A set asks at most {SAMPLES_PER_CELL.maximum}; 30 shows how slowly it narrows.
      </Text>
    </div>
  );
}
