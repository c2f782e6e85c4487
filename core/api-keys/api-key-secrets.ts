import { newSecretToken } from '../secrets/index.ts';

/** Every key starts so: recognisable in logs and by secret scanners, and told apart from session tokens. */
export const API_KEY_MARK = 'qrm_';

/** How much of a key is kept and shown to recognise it: the mark and 8 characters of the secret. */
const PREFIX_LENGTH = API_KEY_MARK.length + 8;

/** A new key: the mark and 256 random bits. Only its hash (`hashToken`) and its prefix are ever stored. */
export function newApiKey(): { key: string; prefix: string } {
  const key = `${API_KEY_MARK}${newSecretToken()}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH) };
}

/** The key in an `Authorization: Bearer <key>` header; undefined when the header is absent or another scheme. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}
