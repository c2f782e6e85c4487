import type { EntityManager } from '@mikro-orm/postgresql';
import { JUDGE_INSTRUCTIONS, type JudgeMode } from '../../contract/judge.ts';

/** The person's saved instruction per mode (only modes they changed). */
export async function savedJudgePrompts(em: EntityManager, userId: string): Promise<Partial<Record<JudgeMode, string>>> {
  const rows = await em.execute<{ mode: JudgeMode; instruction: string }[]>(`select mode, instruction from judge_prompts where user_id = ? order by mode`, [userId]);
  return Object.fromEntries(rows.map((row) => [row.mode, row.instruction]));
}

export async function saveJudgePrompt(em: EntityManager, userId: string, mode: JudgeMode, instruction: string): Promise<void> {
  await em.execute(
    `insert into judge_prompts (user_id, mode, instruction) values (?, ?, ?)
     on conflict (user_id, mode) do update set instruction = excluded.instruction, updated_at = now()`,
    [userId, mode, instruction],
  );
}

/** Back to Quorum's instruction for the mode. */
export async function resetJudgePrompt(em: EntityManager, userId: string, mode: JudgeMode): Promise<void> {
  await em.execute(`delete from judge_prompts where user_id = ? and mode = ?`, [userId, mode]);
}

/** The instruction a judge call uses: the call's own, else the person's saved one, else Quorum's. */
export async function judgeInstruction(em: EntityManager, userId: string | null, mode: JudgeMode, given: string | undefined): Promise<string> {
  if (given) return given;
  if (userId) {
    const [row] = await em.execute<{ instruction: string }[]>(`select instruction from judge_prompts where user_id = ? and mode = ?`, [userId, mode]);
    if (row) return row.instruction;
  }
  return JUDGE_INSTRUCTIONS[mode];
}
