import AjvCompiler from '@fastify/ajv-compiler';

/*
 * Request bodies are checked as they were written. Fastify's Ajv coerces types and drops properties a schema does
 * not name, which suits query strings and path parameters (they arrive as text) but not JSON: there it turned a
 * `null` temperature into 0, `"0.9"` into 0.9, a number into a question, and made an unknown key vanish unheard. So
 * bodies get an Ajv of their own that neither converts nor removes anything, and every other part keeps Fastify's.
 */

/** What the body's Ajv changes from Fastify's defaults (`coerceTypes: 'array'`, `removeAdditional: true`). */
export const BODY_AJV_OPTIONS = { coerceTypes: false, removeAdditional: false } as const;

/** What Fastify hands a validator compiler: one part of one route. */
type RoutePart = { schema?: unknown; method: string; url: string; httpPart?: string };
type Compile = (route: RoutePart) => ReturnType<ReturnType<AjvCompiler.BuildCompilerFromPool>>;

const ajvCompilers = AjvCompiler();

/**
 * Fastify's validator factory, split by the part of the request: bodies as written, the rest as Fastify does it.
 * A body schema that leaves open whether an object may carry other keys is refused when its route is added, so
 * a schema that means to take extra keys says so (`additionalProperties: true`) and every other one is closed.
 */
export const buildValidator: AjvCompiler.BuildCompilerFromPool = (externalSchemas, ajvOptions = {}) => {
  // Fastify calls the compiler with the route's part, not a bare schema as Ajv's own type says.
  const forTheRest = ajvCompilers(externalSchemas, ajvOptions) as unknown as Compile;
  const bodyOptions = { ...ajvOptions, customOptions: { ...ajvOptions.customOptions, ...BODY_AJV_OPTIONS } } as typeof ajvOptions;
  const forBodies = ajvCompilers(externalSchemas, bodyOptions) as unknown as Compile;
  const compile: Compile = (route) => {
    if (route.httpPart !== 'body') return forTheRest(route);
    const open = openObjectsIn(route.schema);
    if (open.length > 0) {
      throw new Error(
        `${route.method} ${route.url}: the body schema must say whether these objects take keys it does not name (additionalProperties): ${open.join(', ')}`,
      );
    }
    return forBodies(route);
  };
  return compile as unknown as ReturnType<AjvCompiler.BuildCompilerFromPool>;
};

/**
 * Where in a schema an object leaves `additionalProperties` unsaid (`body`, `body.models[]`, …). An object whose
 * `patternProperties` take every key (a record) has nothing left to say.
 */
export function openObjectsIn(schema: unknown, path = 'body'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  const isObject = node['type'] === 'object' || node['properties'] !== undefined;
  if (isObject && !Object.hasOwn(node, 'additionalProperties') && node['patternProperties'] === undefined) found.push(path);
  for (const [name, property] of Object.entries((node['properties'] ?? {}) as Record<string, unknown>)) found.push(...openObjectsIn(property, `${path}.${name}`));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const branch of (node[keyword] ?? []) as unknown[]) found.push(...openObjectsIn(branch, path));
  }
  if (node['items'] !== undefined) found.push(...openObjectsIn(node['items'], `${path}[]`));
  for (const value of Object.values((node['patternProperties'] ?? {}) as Record<string, unknown>)) found.push(...openObjectsIn(value, `${path}{}`));
  if (typeof node['additionalProperties'] === 'object') found.push(...openObjectsIn(node['additionalProperties'], `${path}{}`));
  return found;
}
