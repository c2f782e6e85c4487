import type { FastifyRequest } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { engineAvailability } from '../../core/catalogue/index.ts';
import type { CompareRequestBody, SearchRequestBody } from '../../contract/ask.ts';
import type { BrandVisibilityInput, CompareToolInput } from '../../contract/mcp-tools.ts';
import { AppError } from '../../core/errors/index.ts';
import { findTeamByReference, listTeams, resolveCompareTeam } from '../../core/teams/index.ts';
import type { ModelResult } from '../../contract/model-result.ts';
import { brandAnalytics } from '../../core/brand/index.ts';
import {
  admitRequest,
  apiComparison,
  compareAdmissionInput,
  searchAdmissionInput,
  storedComparisonFacts,
} from '../../core/requests/index.ts';
import { describeComparedModel } from './compared-model-text.ts';
import { awaitRequest } from '../requests/await-request.ts';
import type { ApiKeyCaller } from '../callers/api-key-caller.ts';
import type { RequestServices } from '../requests/request-services.ts';


/** What one MCP call works with: the server's services, the key's caller, and the HTTP request it arrived on. */
export interface McpCallContext {
  services: RequestServices;
  caller: ApiKeyCaller;
  request: FastifyRequest;
}

/** Text for the assistant plus the same data structured, as the HTTP API would answer it. */
function toolResult(text: string, structured: Record<string, unknown>, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured, ...(isError ? { isError: true } : {}) };
}

function describeResult(result: ModelResult): string {
  const heading = `## ${result.engine}/${result.model}`;
  if (!result.success) return `${heading}\nFailed (nothing was charged): ${result.error ?? 'the model did not answer'}`;
  return `${heading} (${result.creditsUsed} credits)\n\n${result.response ?? ''}`;
}

export function listModelsTool({ services }: McpCallContext): CallToolResult {
  const engines = services.catalogue.engines.map((engine) => ({
    engine: engine.id,
    name: engine.name,
    available: engineAvailability(services.engineSettings, engine).available,
    models: engine.models.map((model) => ({ id: model.id, name: model.name, credits: model.credits, webSearchSupported: model.webSearchSupported })),
  }));
  const lines = engines.flatMap((engine) =>
    engine.models.map((model) => `${engine.engine}/${model.id} — ${model.name}, ${model.credits} credits${engine.available ? '' : ' (unavailable)'}`),
  );
  return toolResult(lines.join('\n'), { engines });
}

export async function askTool({ services, caller, request }: McpCallContext, body: SearchRequestBody): Promise<CallToolResult> {
  const admitted = await admitRequest(services, searchAdmissionInput(body, false), caller.requester);
  const [result] = await awaitRequest(services, request, admitted.requestId, admitted.runs);
  if (!result) return toolResult('The model did not answer.', { requestId: admitted.requestId }, true);
  return toolResult(describeResult(result), { requestId: admitted.requestId, ...result }, !result.success);
}

/** The comparison the tool's arguments ask for: the models given, or those of the team named. */
async function comparisonOf({ services, caller }: McpCallContext, input: CompareToolInput): Promise<CompareRequestBody> {
  const { team, ...rest } = input;
  const em = services.orm.em.fork();
  if (team === undefined) return resolveCompareTeam(em, caller.user.id, rest);
  const found = await findTeamByReference(em, caller.user.id, team);
  if (!found) throw new AppError('NOT_FOUND', `You have no team called "${team}". list_teams lists your teams.`);
  return resolveCompareTeam(em, caller.user.id, { ...rest, teamId: found.id });
}

export async function listTeamsTool({ services, caller }: McpCallContext): Promise<CallToolResult> {
  const teams = await listTeams(services.orm.em.fork(), caller.user.id);
  if (teams.length === 0) return toolResult('You have no saved teams yet. Save one in the Quorum workspace (or POST /api/teams).', { teams });
  const lines = teams.map((team) => {
    const models = team.models.map((entry) => `${entry.engine}/${entry.model}${entry.settings && Object.keys(entry.settings).length > 0 ? ' (own settings)' : ''}`);
    const judge = team.judge ? `; ${team.judge.kind === 'council' ? 'council chaired by' : `${team.judge.mode} judge`} ${team.judge.engine}/${team.judge.model}` : '';
    return `${team.name} (id ${team.id}): ${models.join(', ')}${judge}`;
  });
  return toolResult(lines.join('\n'), { teams });
}

export async function compareTool(context: McpCallContext, input: CompareToolInput): Promise<CallToolResult> {
  const { services, caller, request } = context;
  const body = await comparisonOf(context, input);
  const admitted = await admitRequest(services, compareAdmissionInput(body, false), caller.requester);
  const results = await awaitRequest(services, request, admitted.requestId, admitted.runs);
  const totalCreditsUsed = results.reduce((sum, result) => sum + result.creditsUsed, 0);
  // The same comparison as `/v1/compare` answers it, so an assistant reads the same figures per model as a program.
  const comparison = apiComparison(await storedComparisonFacts(services.orm.em.fork(), admitted.requestId), results);
  const text = [`Compared ${results.length} models for ${totalCreditsUsed} credits (comparison ${admitted.requestId}).`, ...comparison.models.map(describeComparedModel)].join('\n\n');
  return toolResult(text, { requestId: admitted.requestId, results, totalCreditsUsed, comparison });
}

export async function brandVisibilityTool({ services, caller }: McpCallContext, input: BrandVisibilityInput): Promise<CallToolResult> {
  const all = await brandAnalytics(services.orm.em.fork(), caller.user.id);
  const wanted = input.brandName?.trim().toLowerCase();
  const analytics = wanted ? all.filter((brand) => brand.brandName.toLowerCase() === wanted) : all;
  if (analytics.length === 0) {
    const text = wanted
      ? `No answers have been analysed for "${input.brandName}" yet. Ask with brand monitoring on (brandMonitoringEnabled and brandConfig) first.`
      : 'No brand has been monitored yet. Ask with brand monitoring on (brandMonitoringEnabled and brandConfig) first.';
    return toolResult(text, { analytics: [] });
  }
  const text = analytics
    .map(
      (brand) =>
        `${brand.brandName}: mentioned in ${brand.totalMentions} of ${brand.totalRequests} answers (${brand.mentionRate}%), ` +
        `${brand.positiveMentions} positive, ${brand.negativeMentions} negative, ${brand.neutralMentions} neutral; trend ${brand.trend}.`,
    )
    .join('\n');
  return toolResult(text, { analytics });
}
