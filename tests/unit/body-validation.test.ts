import * as Type from 'typebox/type';
import { describe, expect, it } from 'vitest';
import { CompareRequestBody, SearchRequestBody } from '../../contract/ask.ts';
import { ChatCompletionBody } from '../../contract/openai-compatible.ts';
import { openObjectsIn } from '../../server/schemas/body-validation.ts';

/**
 * A body schema must say of every object whether it takes keys it does not name: the server refuses to add a route
 * whose body leaves it unsaid, so an open object is a choice someone wrote down, never a default.
 */
describe('openObjectsIn', () => {
  it('finds every object that leaves additionalProperties unsaid, wherever it sits', () => {
    const loose = Type.Object({
      closed: Type.Object({ a: Type.String() }, { additionalProperties: false }),
      inner: Type.Object({ b: Type.String() }),
      list: Type.Array(Type.Object({ c: Type.Number() })),
      either: Type.Union([Type.Object({ d: Type.Boolean() }), Type.Null()]),
    });
    expect(openObjectsIn(loose)).toEqual(['body', 'body.inner', 'body.list[]', 'body.either']);
  });

  it('accepts a record (its pattern takes every key) and an object opened on purpose', () => {
    expect(openObjectsIn(Type.Record(Type.String(), Type.Number()))).toEqual([]);
    expect(openObjectsIn(Type.Object({ a: Type.String() }, { additionalProperties: true }))).toEqual([]);
  });

  it('finds nothing open in the asking bodies, and /v1 opens its objects on purpose', () => {
    expect(openObjectsIn(SearchRequestBody)).toEqual([]);
    expect(openObjectsIn(CompareRequestBody)).toEqual([]);
    expect(openObjectsIn(ChatCompletionBody)).toEqual([]);
  });
});
