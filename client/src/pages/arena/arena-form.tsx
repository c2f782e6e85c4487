import { Button, Checkbox, Group, Input, NativeSelect, Paper, ScrollArea, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ARENA_CATEGORIES, ARENA_CATEGORY_NAMES, type ArenaCategory } from '../../../../contract/arena.ts';
import { ARENA_LIMITS, QUERY_MAX_LENGTH } from '../../../../contract/limits.ts';
import type { Tier } from '../../api/auth-api.ts';
import type { ArenaRequestBody } from '../../api/arena-api.ts';
import type { Catalogue } from '../../api/catalogue-api.ts';
import { modelLock } from '../../catalogue/model-access.ts';
import { roundPrice } from './arena-price.ts';

/** Google's AI Overview is a search result, not a model: the server keeps it out of the arena, so the list does too. */
const NOT_IN_ARENA = new Set(['ai-overview']);

const COUNTS = Array.from({ length: ARENA_LIMITS.maxModels - ARENA_LIMITS.minModels + 1 }, (_, index) => String(index + ARENA_LIMITS.minModels));

export interface ArenaFormProps {
  catalogue: Catalogue | null;
  tier: Tier;
  busy: boolean;
  /** The round to ask, and its price as the form said it. */
  onStart(body: ArenaRequestBody, price: string): void;
}

/** The question, its category, and the models: picked by hand (2 to 6) or left to chance. */
export function ArenaForm({ catalogue, tier, busy, onStart }: ArenaFormProps) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<ArenaCategory>('general');
  const [mode, setMode] = useState<'surprise' | 'pick'>('surprise');
  const [count, setCount] = useState('3');
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const choices = useMemo(
    () =>
      Object.entries(catalogue?.models ?? {})
        .filter(([engineId, engine]) => engine.available && !NOT_IN_ARENA.has(engineId))
        .flatMap(([engineId, engine]) =>
          engine.models.filter((model) => modelLock(tier, model) === null).map((model) => ({ value: `${engineId}/${model.id}`, label: `${engine.name} - ${model.name}`, credits: model.credits })),
        ),
    [catalogue, tier],
  );
  const price = roundPrice(
    choices.map((choice) => choice.credits),
    mode === 'pick' ? { picked: picked.map((value) => choices.find((choice) => choice.value === value)?.credits ?? 0) } : { surprise: Number(count) },
  );

  const start = () => {
    if (!query.trim()) return setError('Please enter a question');
    if (mode === 'pick' && picked.length < ARENA_LIMITS.minModels) return setError(`Pick ${ARENA_LIMITS.minModels} to ${ARENA_LIMITS.maxModels} models, or let us surprise you`);
    setError(null);
    const models = picked.map((value) => ({ engine: value.slice(0, value.indexOf('/')), model: value.slice(value.indexOf('/') + 1) }));
    onStart({ query: query.trim(), category, ...(mode === 'pick' ? { models } : { surprise: Number(count) }) }, price.text);
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" aria-label="New arena round" onSubmit={(event) => (event.preventDefault(), start())}>
      <Stack gap="sm">
        {/* A plain textarea in Mantine's input frame: Mantine's Textarea here would split a shared chunk off the first paint. */}
        <Input.Wrapper label="Your question" labelElement="label" id="arena-question" description={`${query.length}/${QUERY_MAX_LENGTH}`}>
          <Input
            component="textarea"
            id="arena-question"
            rows={3}
            maxLength={QUERY_MAX_LENGTH}
            placeholder="Ask anything; the answers arrive without their names"
            value={query}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setQuery(event.currentTarget.value)}
            data-testid="arena-question"
            styles={{ input: { paddingBlock: 8, minHeight: 80, resize: 'vertical' } }}
          />
        </Input.Wrapper>
        <Group grow align="flex-end" wrap="wrap">
          <NativeSelect
            label="Category"
            data={ARENA_CATEGORIES.map((value) => ({ value, label: ARENA_CATEGORY_NAMES[value] }))}
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value as ArenaCategory)}
            data-testid="arena-category"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="arena-models-label">
              Models
            </Text>
            <Tabs variant="pills" value={mode} onChange={(value) => value && setMode(value as 'surprise' | 'pick')}>
              <Tabs.List aria-labelledby="arena-models-label">
                <Tabs.Tab value="surprise">Surprise me</Tabs.Tab>
                <Tabs.Tab value="pick" data-testid="arena-pick-models">
                  Pick them
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
          </Stack>
        </Group>
        {mode === 'surprise' ? (
          <NativeSelect label="How many models" data={COUNTS} value={count} onChange={(event) => setCount(event.currentTarget.value)} data-testid="arena-count" />
        ) : (
          <Checkbox.Group
            label={`Models to pit against each other (${ARENA_LIMITS.minModels} to ${ARENA_LIMITS.maxModels}): ${picked.length} chosen`}
            value={picked}
            onChange={(values) => setPicked(values.slice(0, ARENA_LIMITS.maxModels))}
            data-testid="arena-models"
          >
            <ScrollArea.Autosize mah={260} mt={6} type="auto">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6}>
                {choices.map((choice) => (
                  <Checkbox
                    key={choice.value}
                    value={choice.value}
                    label={choice.label}
                    disabled={picked.length >= ARENA_LIMITS.maxModels && !picked.includes(choice.value)}
                  />
                ))}
              </SimpleGrid>
            </ScrollArea.Autosize>
          </Checkbox.Group>
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Text size="sm" fw={600} data-testid="arena-price" aria-live="polite">
              {catalogue ? price.text : 'Loading prices…'}
            </Text>
            <Text size="xs" c="dimmed">
              Charged like a comparison of the same models, only for answers that finish. Names and timings appear after your vote.
            </Text>
          </Stack>
          <Button type="submit" loading={busy} data-testid="arena-start">
            Start round
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
