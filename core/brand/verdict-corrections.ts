import type { EntityManager } from '@mikro-orm/postgresql';
import type { MentionRecord, Sentiment } from '../../contract/brand.ts';
import { findMention } from './brand-mention-repository.ts';

/**
 * A person's correction of a brand verdict ("Wrong?" on the mentions page). The row's `sentiment` becomes theirs, so
 * analytics, tracking results and exports count it without knowing corrections exist; the analyser's verdict is
 * kept in `original_sentiment` with who corrected it and when. Choosing the analyser's own verdict again takes the
 * correction back. The tracking reading copied from the same answer follows in the same transaction.
 */
export async function correctVerdict(em: EntityManager, userId: string, mentionId: string, sentiment: Sentiment, now = new Date()): Promise<MentionRecord | null> {
  const changed = await em.transactional(async (transaction) => {
    const rows = await transaction.execute<{ run_id: string }[]>(
      `update brand_mentions
          set original_sentiment = case when coalesce(original_sentiment, sentiment) = ? then null else coalesce(original_sentiment, sentiment) end,
              corrected_by = case when coalesce(original_sentiment, sentiment) = ? then null else ?::uuid end,
              corrected_at = case when coalesce(original_sentiment, sentiment) = ? then null else ?::timestamptz end,
              sentiment = ?
        where id = ? and user_id = ? and mentioned
        returning run_id`,
      [sentiment, sentiment, userId, sentiment, now.toISOString(), sentiment, mentionId, userId],
    );
    const runId = rows[0]?.run_id;
    if (runId === undefined) return false;
    await transaction.execute(`update tracking_results set sentiment = ? where model_run_id = ? and mentioned`, [sentiment, runId]);
    return true;
  });
  return changed ? findMention(em, userId, mentionId) : null;
}
