/**
 * The Redis Cluster hash slot of a key (CRC16/XMODEM of its hash tag, modulo 16384), as the cluster computes it. Used
 * to say where a queue's keys live and to check, in tests, that the answer queue's partitions are spread over the
 * slot space; the cluster itself is never asked, so this works on a single Redis too.
 */
export const HASH_SLOTS = 16_384;

export function hashSlot(key: string): number {
  return crc16(Buffer.from(hashTagOf(key))) % HASH_SLOTS;
}

/** The part of a key the cluster hashes: the text between the first `{` and the next `}`, when that is not empty. */
export function hashTagOf(key: string): string {
  const open = key.indexOf('{');
  if (open === -1) return key;
  const close = key.indexOf('}', open + 1);
  if (close === -1 || close === open + 1) return key;
  return key.slice(open + 1, close);
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
