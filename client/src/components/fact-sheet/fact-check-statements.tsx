import { Badge, Group, List, Text } from '@mantine/core';
import type { FactCheck } from '../../../../contract/brand-facts.ts';

const VERDICT_COLORS = { contradicted: 'red', supported: 'green', unchecked: 'gray' } as const;

/** One answer's fact-check (in a tracking run's answers, in a mention's details): each statement about the brand, its verdict and the fact concerned. */
export function FactCheckStatements({ check }: { check: FactCheck }) {
  if (check.statements.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt={4}>
        Fact-check: no statement about the brand.
      </Text>
    );
  }
  return (
    <List size="sm" mt={4} spacing={4} listStyleType="none" data-testid="run-answer-fact-check">
      {check.statements.map((statement, index) => (
        <List.Item key={index}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Badge size="sm" color={VERDICT_COLORS[statement.verdict]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
              {statement.verdict}
            </Badge>
            <Text size="sm">
              &ldquo;{statement.quote}&rdquo;
              {statement.fact ? <Text span c="dimmed" size="sm">{` (fact: ${statement.fact})`}</Text> : null}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
