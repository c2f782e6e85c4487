import type { Team, TeamBody, TeamList } from '../../../contract/teams.ts';
import { apiCall } from './http-client.ts';

export type { Team, TeamBody, TeamJudge } from '../../../contract/teams.ts';

/** `GET /api/teams`: the signed-in person's saved teams, by name, and how many they may keep. */
export const listTeams = (signal?: AbortSignal) => apiCall<TeamList>('/api/teams', { signal });

/** `GET /api/teams/:id`: one of their teams (a link's `?team=`). */
export const fetchTeam = (id: string, signal?: AbortSignal) => apiCall<Team>(`/api/teams/${encodeURIComponent(id)}`, { signal, preferServerMessage: true });

/** `POST /api/teams`: refused with the server's words (a taken name, the cap, a setting a model does not take). */
export const saveTeam = (body: TeamBody) => apiCall<Team>('/api/teams', { method: 'POST', body, preferServerMessage: true });

export const deleteTeam = (id: string) => apiCall<{ id: string; deleted: boolean }>(`/api/teams/${encodeURIComponent(id)}`, { method: 'DELETE', preferServerMessage: true });
