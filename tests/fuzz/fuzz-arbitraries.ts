import fc from 'fast-check';

/**
 * Generators for what a hostile or broken client sends. Each one mixes values that fit the route's own schema
 * (so a case gets past validation and reaches the handler often enough to matter) with wrong types, huge and
 * deeply nested values, prototype-polluting keys and characters no database stores.
 */

type Schema = Record<string, unknown>;

const NASTY_KEYS = ['__proto__', 'constructor', 'prototype', 'valueOf', 'toString', 'hasOwnProperty', '$where', ''];

/** Strings chosen to break things: empty, control characters, lone surrogates, emoji, markup, paths, numbers. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uD800',
      '\uDFFFx',
      '\u{1F680}'.repeat(30),
      '\r\n\t',
      '<script>alert(1)</script>',
      'javascript:alert(1)',
      '../../etc/passwd',
      '%00',
      '%E0%A4%A',
      "' or 1=1 --",
      '${jndi:ldap://x}',
      '-1',
      '1e309',
      'NaN',
      'null',
      'true',
      '00000000-0000-0000-0000-000000000000',
      ...NASTY_KEYS,
    ),
  },
  { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\uD83D', '\uDE80'), fc.string({ maxLength: 10 })).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((length) => 'x'.repeat(length)) },
);

/** Any JSON value, now and then a deep one. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.nat({ max: 3_000 }).map((depth) => nest(depth)) },
  { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0, 2 ** 53 + 2, 0.5) },
);

function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A value for `schema`: mostly fitting it, sometimes anything at all. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  return fc.oneof({ weight: 5, arbitrary: fitting(schema, depth) }, { weight: 1, arbitrary: anyJson });
}

function fitting(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((member) => valueFor(member, depth + 1)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer(), fc.constantFrom(Number(schema.minimum ?? 0), Number(schema.maximum ?? 1e9)));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: -5, max: 200 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items as Schema | undefined, depth + 1), { maxLength: 6 });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyJson;
  }
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const fits: fc.Arbitrary<string>[] = [nastyString];
  if (schema.format === 'email') fits.push(fc.emailAddress());
  if (schema.format === 'uuid') fits.push(fc.uuid());
  if (typeof schema.pattern === 'string' && /^\^\\d/.test(schema.pattern)) fits.push(fc.nat({ max: 1_000 }).map(String));
  if (typeof schema.maxLength === 'number') fits.push(fc.string({ minLength: 1, maxLength: Math.min(schema.maxLength, 200) }));
  return fc.oneof(...fits);
}

/**
 * A body for `schema`: often one of the schema's own examples (a valid call) with one or two fields swapped for
 * something hostile, so the case passes validation everywhere else and the hostile value reaches the handler;
 * otherwise an object built from the schema's properties.
 */
export function bodyFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const examples = (Array.isArray(schema?.examples) ? schema.examples : []).filter(
    (example): example is Record<string, unknown> => typeof example === 'object' && example !== null && !Array.isArray(example),
  );
  if (examples.length === 0) return objectFor(schema);
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const mutated = fc.constantFrom(...examples).chain((example) => {
    const keys = Object.keys(example);
    const replacement = (key: string) => fc.oneof(nastyString, anyJson, valueFor(properties[key]), fc.constant(example[key]));
    return fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...keys))
      .chain(([first, second]) => fc.tuple(fc.constant([first, second]), replacement(first), replacement(second)))
      .map(([[first, second], one, two]) => ({ ...example, [first]: one, [second]: two }));
  });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: objectFor(schema) }, { weight: 1, arbitrary: fc.constantFrom(...examples) });
}

/** An object with some of the schema's properties, sometimes none, sometimes extra and prototype-polluting keys. */
export function objectFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const known = Object.keys(properties);
  const ownFields = fc.record(
    Object.fromEntries(known.map((key) => [key, valueFor(properties[key], depth + 1)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ maxLength: 12 })), anyJson, { maxKeys: 3 });
  return fc.tuple(ownFields, extra, fc.boolean()).map(([own, more, withExtra]) => {
    // defineProperty, so `__proto__` becomes a real key of the JSON rather than changing the object's prototype.
    const value: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(own)) Object.defineProperty(value, key, { value: item, enumerable: true, writable: true, configurable: true });
    if (withExtra) for (const [key, item] of Object.entries(more)) Object.defineProperty(value, key, { value: item, enumerable: true, writable: true, configurable: true });
    return value;
  });
}

/** How the body goes on the wire: JSON of a value, text that is not JSON, nothing, or too much. */
export const rawBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    { weight: 8, arbitrary: value.map((item) => JSON.stringify(item) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom('{', '{"a":', '[1,2', 'not json', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000', '""', 'null', '1e999999'),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.nat({ max: 100_000 }).map((length) => JSON.stringify({ query: 'q'.repeat(length) })) },
    { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)) },
  );

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      '*/*',
      'garbage',
      '',
    ),
  },
);

/**
 * Percent-encodes any string. A lone surrogate has no UTF-8 form, so it goes out as the three bytes a careless
 * encoder would write for it (invalid UTF-8, which the server must refuse rather than choke on).
 */
export function encodeAny(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => {
      if (part.length === 1 && /[\uD800-\uDFFF]/.test(part)) {
        const code = part.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(part);
    })
    .join('');
}

/** A path parameter: a real-looking id, any string (encoded), or raw bytes the router must refuse. */
export const pathParameter: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  { weight: 3, arbitrary: nastyString.map((text) => encodeAny(text)) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%C0%AF', '%ED%A0%80', '..', '.', 'a'.repeat(300), '%2F') },
);

/** A query string: the route's own keys and others, well or badly encoded. */
export function queryString(schema: Schema | undefined): fc.Arbitrary<string> {
  const keys = Object.keys((schema?.properties ?? {}) as Record<string, unknown>);
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom(...NASTY_KEYS, 'a[b]', '__proto__[x]', 'action[]') },
  );
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const pair = key.chain((name) =>
    fc.oneof(valueFor(properties[name]).map((value) => String(typeof value === 'object' ? JSON.stringify(value) : value)), nastyString, fc.constantFrom(...NASTY_KEYS)).map(
      (value) => `${encodeAny(name)}=${encodeAny(value)}`,
    ),
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('%', 'a=%zz', '=', '&&&', 'a=1&a=2&a=3', 'action=%00', 'action=%ED%A0%80', `x=${'y'.repeat(5_000)}`) },
  );
}
