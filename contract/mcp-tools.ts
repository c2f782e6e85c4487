import * as Type from 'typebox/type';
import { CompareRequestBody, SearchRequestBody } from './ask.ts';
import { BRAND_LIMITS } from './limits.ts';
import { TEAM_LIMITS } from './teams.ts';

/**
 * The tools Quorum's MCP server offers an AI assistant. Each tool's input is a contract schema: asking one model
 * takes exactly the body of `POST /api/search`, comparing takes that of `POST /api/compare`, so an assistant is
 * held to the same fields and limits as the web app.
 */

export const ListModelsInput = Type.Object({}, { additionalProperties: false });

export const BrandVisibilityInput = Type.Object(
  {
    brandName: Type.Optional(
      Type.String({ minLength: 1, maxLength: BRAND_LIMITS.name, description: 'Only this brand (as monitored); every monitored brand when absent.' }),
    ),
  },
  { additionalProperties: false },
);

export const ListTeamsInput = Type.Object({}, { additionalProperties: false });

/** Comparing takes the body of `POST /api/compare`, or a saved team (by name or id) in place of its models. */
export const CompareToolInput = Type.Object(
  {
    ...CompareRequestBody.properties,
    models: Type.Optional(CompareRequestBody.properties.models),
    team: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: Math.max(TEAM_LIMITS.nameLength, 36),
        description: 'One of your saved teams, by name or id (list_teams): its models are asked with their saved settings. Leave out `models`.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const MCP_TOOLS = {
  list_models: {
    title: 'List models',
    description: 'The engines and models Quorum can ask, each with its price in credits, whether it can search the web, and whether it is available now.',
    inputSchema: ListModelsInput,
  },
  ask: {
    title: 'Ask one model',
    description:
      'Ask one model a question (`model` is the engine id, `specificModel` the model id, as list_models names them). Costs the ' +
      "model's credits, charged only if it answers; the answer is kept in your Quorum history.",
    inputSchema: SearchRequestBody,
  },
  compare: {
    title: 'Compare several models',
    description:
      'Ask several models the same question at once and get every answer side by side. Each model is charged its own price, ' +
      'only if it answers. Name a saved team (`team`) instead of `models` to ask its models with their settings.',
    inputSchema: CompareToolInput,
  },
  list_teams: {
    title: 'List saved teams',
    description: 'Your saved teams: each one’s name and id, its models with their settings, and the judge or council it uses. Pass a name or id as `team` to compare.',
    inputSchema: ListTeamsInput,
  },
  brand_visibility: {
    title: 'Read brand visibility',
    description:
      'How the answers you asked with brand monitoring talk about your brands: mention rate, sentiment, trend, share of voice ' +
      'against competitors, the models that mention them and the domains they cite.',
    inputSchema: BrandVisibilityInput,
  },
} as const;

export type McpToolName = keyof typeof MCP_TOOLS;
export type BrandVisibilityInput = Type.Static<typeof BrandVisibilityInput>;
export type CompareToolInput = Type.Static<typeof CompareToolInput>;
