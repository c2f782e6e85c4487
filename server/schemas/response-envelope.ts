import Type, { type Static, type TSchema } from 'typebox';

/** Every JSON response has this shape (spec section 3): `success`, `data`, `error {message, code}`. */
export const ErrorBody = Type.Object({ message: Type.String(), code: Type.String() });

export function SuccessEnvelope<Data extends TSchema>(data: Data) {
  return Type.Object({ success: Type.Literal(true), data, error: Type.Null() });
}

export const ErrorEnvelope = Type.Object({ success: Type.Literal(false), data: Type.Null(), error: ErrorBody });
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export function success<Data>(data: Data): { success: true; data: Data; error: null } {
  return { success: true, data, error: null };
}

export function failure<Data = null>(code: string, message: string, data: Data = null as Data) {
  return { success: false as const, data, error: { message, code } };
}
