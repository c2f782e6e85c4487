import { Badge, Button, Menu, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SENTIMENTS, type MentionRecord, type Sentiment } from '../../../../contract/brand.ts';
import { brandQueryKeys, correctMentionVerdict } from '../../api/brand-api.ts';
import { messageOf } from '../../api/http-client.ts';
import { sentimentLabel } from '../../components/brand-summary/brand-summary-text.ts';
import { verdictSourceText } from '../../components/brand-summary/evidence-text.ts';

/** Who made the verdict shown; a corrected one also says what the analyser had said. */
export function VerdictSourceBadge({ mention }: { mention: MentionRecord }) {
  const corrected = mention.correction;
  return (
    <Badge color={corrected ? 'grape' : 'gray'} variant="outline" tt="none" c="var(--mantine-color-text)" data-testid="mention-verdict-by">
      {verdictSourceText(mention.verdictBy)}
      {corrected ? ` (was ${sentimentLabel(corrected.originalSentiment).toLowerCase()})` : ''}
    </Badge>
  );
}

/**
 * "Wrong?": sets how the answer really speaks of the brand. Stored on the server with who and when; every list,
 * chart and export then uses it. Picking the analyser's own verdict again takes the correction back.
 */
export function VerdictCorrectionMenu({ mention }: { mention: MentionRecord }) {
  const queryClient = useQueryClient();
  const correction = useMutation({
    mutationFn: (sentiment: Sentiment) => correctMentionVerdict(mention.id, sentiment),
    // The list, the analytics (counts, correction rate) and the filters all change with one verdict.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandQueryKeys.all }),
  });
  const original = mention.correction?.originalSentiment ?? mention.sentiment;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            loading={correction.isPending}
            aria-label={`Wrong? Correct the verdict on ${mention.brandName}`}
            data-testid="mention-correct"
          >
            Wrong?
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="mention-correct-menu">
          <Menu.Label>How does this answer speak of {mention.brandName}?</Menu.Label>
          {SENTIMENTS.map((sentiment) => (
            <Menu.Item
              key={sentiment}
              onClick={() => correction.mutate(sentiment)}
              disabled={sentiment === mention.sentiment}
              data-testid={`mention-correct-${sentiment}`}
            >
              {sentimentLabel(sentiment)}
              {mention.correction && sentiment === original ? ' (the analyser’s verdict)' : ''}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {correction.isError && (
        <Text size="xs" c="red" role="alert">
          {messageOf(correction.error, 'The correction could not be saved.')}
        </Text>
      )}
    </>
  );
}
