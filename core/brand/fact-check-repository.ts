import type { EntityManager } from '@mikro-orm/postgresql';
import type { FactCheck, FactStatement } from '../../contract/brand-facts.ts';

/** An answer's fact-check as the worker made it, ready to store. */
export interface NewFactCheck {
  judgeModel: string;
  statements: FactStatement[];
  droppedStatements: number;
}

/**
 * Stores an answer's fact-check once: a replayed job, or a re-check of an answer already checked, keeps the first.
 * True when this call stored it.
 */
export async function storeFactCheck(em: EntityManager, runId: string, check: NewFactCheck): Promise<boolean> {
  const contradictions = check.statements.filter((statement) => statement.verdict === 'contradicted').length;
  const rows = await em.execute<{ run_id: string }[]>(
    `insert into answer_fact_checks (run_id, judge_model, statements, contradictions, dropped_statements)
     values (?, ?, ?::jsonb, ?, ?) on conflict (run_id) do nothing returning run_id`,
    [runId, check.judgeModel, JSON.stringify(check.statements), contradictions, check.droppedStatements],
  );
  return rows.length > 0;
}

export interface FactCheckRow {
  fact_judge_model: string | null;
  fact_statements: FactStatement[] | null;
  fact_dropped: number | null;
  fact_checked_at: string | null;
}

/**
 * The columns a query joining `answer_fact_checks as fact_check` selects to read a fact-check back with
 * `factCheckFromRow`.
 */
export const FACT_CHECK_COLUMNS = `fact_check.judge_model as fact_judge_model, fact_check.statements as fact_statements,
  fact_check.dropped_statements as fact_dropped,
  to_char(fact_check.checked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fact_checked_at`;

export function factCheckFromRow(row: FactCheckRow): FactCheck | null {
  if (row.fact_judge_model === null || row.fact_checked_at === null) return null;
  return { judgeModel: row.fact_judge_model, checkedAt: row.fact_checked_at, statements: row.fact_statements ?? [], droppedStatements: row.fact_dropped ?? 0 };
}

/** One answer's fact-check; null when it was not checked. */
export async function findFactCheck(em: EntityManager, runId: string): Promise<FactCheck | null> {
  const rows = await em.execute<FactCheckRow[]>(`select ${FACT_CHECK_COLUMNS} from answer_fact_checks as fact_check where fact_check.run_id = ?`, [runId]);
  return rows[0] ? factCheckFromRow(rows[0]) : null;
}
