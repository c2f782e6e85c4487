import * as Type from 'typebox/type';

/** Every JSON answer has one shape: `success`, `data`, and `error {message, code}` (null on success). */
export const ErrorBody = Type.Object({
  message: Type.String({ description: 'What went wrong, in words that can be shown to the user.' }),
  code: Type.String({ description: 'One of the error codes; stable, for programs.' }),
});

export function SuccessEnvelope<Data extends Type.TSchema>(data: Data, options: Type.TObjectOptions = {}) {
  return Type.Object({ success: Type.Literal(true), data, error: Type.Null() }, options);
}

/** A refusal. `data` is null except where a call says otherwise (a login that needs verification, a failed answer). */
export function FailureEnvelope<Data extends Type.TSchema>(data: Data, options: Type.TObjectOptions = {}) {
  return Type.Object({ success: Type.Literal(false), data, error: ErrorBody }, options);
}

export const ErrorEnvelope = FailureEnvelope(Type.Null());

export type ErrorBody = Type.Static<typeof ErrorBody>;
export type ErrorEnvelope = Type.Static<typeof ErrorEnvelope>;
export type Envelope<Data> = { success: true; data: Data; error: null } | { success: false; data: unknown; error: ErrorBody };

export function success<Data>(data: Data): { success: true; data: Data; error: null } {
  return { success: true, data, error: null };
}

export function failure<Data = null>(code: string, message: string, data: Data = null as Data) {
  return { success: false as const, data, error: { message, code } };
}
