import type { TeamJudge } from '../../../../contract/teams.ts';

/**
 * The judge or council of the team last picked in the workspace, for this page's life: the judge panel opens on it
 * (its mode and model) once the team's answers are in. Null when the team has none or no team was picked.
 */
let chosen: TeamJudge | null = null;

export function setTeamJudge(judge: TeamJudge | null): void {
  chosen = judge;
}

export function teamJudge(): TeamJudge | null {
  return chosen;
}
