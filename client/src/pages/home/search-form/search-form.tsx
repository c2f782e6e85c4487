import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, memo, type Ref } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../api/search-contract.ts';
import { isOpenAiModel, OPENAI_ENGINE, OPENAI_MODELS, type OpenAiModel } from '../../../models/openai-models.ts';
import { limitQueryLength } from '../search-query.ts';

export interface SearchFormProps {
  query: string;
  model: OpenAiModel;
  loading: boolean;
  /** "Please enter a question", shown under the textarea. */
  validationError: string | null;
  queryInputRef?: Ref<HTMLTextAreaElement>;
  onQueryChange(query: string): void;
  onModelChange(model: OpenAiModel): void;
  onSubmit(): void;
}

const modelOptions = [...OPENAI_MODELS];

/**
 * The question, the model to ask, and the Ask button. Memoised: while an answer streams the page re-renders every
 * frame, and none of that concerns the form.
 */
export const SearchForm = memo(function SearchForm({
  query,
  model,
  loading,
  validationError,
  queryInputRef,
  onQueryChange,
  onModelChange,
  onSubmit,
}: SearchFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loading) onSubmit();
  };

  // Enter makes a new line, as in any textarea; Ctrl+Enter (⌘+Enter on a Mac) asks.
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  };

  const handleQueryChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    // `maxLength` stops typing at the limit; this also cuts text set any other way.
    onQueryChange(limitQueryLength(event.currentTarget.value));
  };

  const handleModelChange = (value: string | null) => {
    if (value !== null && isOpenAiModel(value)) onModelChange(value);
  };

  return (
    <Paper component="form" withBorder p="md" onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {/* Only one engine for now; a read-only field keeps its place for the engine picker to come. */}
          <TextInput label="Engine" value={OPENAI_ENGINE.label} readOnly variant="filled" data-testid="engine-label" />
          <Select
            label="Model"
            data={modelOptions}
            value={model}
            onChange={handleModelChange}
            allowDeselect={false}
            checkIconPosition="right"
            data-testid="model-select"
          />
        </SimpleGrid>

        <div>
          <Textarea
            ref={queryInputRef}
            label="Your question"
            placeholder="Ask me anything..."
            value={query}
            onChange={handleQueryChange}
            onKeyDown={handleKeyDown}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            error={validationError}
            autosize
            minRows={3}
            maxRows={12}
            data-testid="query-input"
          />
          <Text size="xs" c="dimmed" ta="right" mt={4}>
            {query.length}/{SEARCH_QUERY_MAX_LENGTH}
          </Text>
        </div>

        <Group justify="flex-end">
          <Button type="submit" disabled={loading || query.trim() === ''} data-testid="ask-button">
            {loading ? 'Thinking...' : 'Ask'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
});
