import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits, unless the client went away (or the simulator closed) first. Returns false when the wait was cut short,
 * so a stream in progress stops instead of writing into a dead socket.
 */
export async function pause(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (milliseconds <= 0) return true;
  try {
    await sleep(milliseconds, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes and waits until the data has been handed to the socket. Waiting matters for `cut-after`: the chunks
 * before the cut must really leave the process before the socket is destroyed, or the client would see fewer.
 */
export function writeFlushed(response: ServerResponse, data: string | Buffer, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    response.write(data, (error) => {
      signal.removeEventListener('abort', onAbort);
      resolve(!error);
    });
  });
}

/** How long the bytes before a cut get to be read by the client before the connection goes. */
const CUT_GRACE_MS = 150;

/**
 * Cuts the connection mid-answer the way a dropped provider connection looks to a client: the body stops without
 * its end marker and the socket closes. Tests count exactly the chunks that came before a cut, so the cut waits a
 * moment and closes with FIN rather than RST: a client's HTTP stack (undici) discards body bytes it has received
 * but not yet handed to the reader when the socket errors, and a reset can also drop them in the kernel.
 */
export function cutConnection(response: ServerResponse): void {
  const socket = response.socket;
  if (!socket || socket.destroyed) {
    response.destroy();
    return;
  }
  setTimeout(() => {
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  }, CUT_GRACE_MS).unref();
}

/** How a streamed answer's pieces go out: how far apart, where the connection drops, who hears of each write. */
export interface PiecePacing {
  chunkMs: number;
  /** Stop after this many pieces, leaving the answer without its end. */
  cutAfter: number | undefined;
  /** Wait after this many pieces until `passGate` lets the answer go on (`hold-after`). */
  holdAfter?: number | undefined;
  passGate?: ((signal: AbortSignal) => Promise<boolean>) | undefined;
  /**
   * Told about each piece once it is written, with the length of its text (undefined for a piece that is not
   * text); undefined (the usual case) costs one check per piece.
   */
  onContentChunkWritten: ((index: number, writtenAt: number, characters: number | undefined) => void) | undefined;
}

/**
 * Writes one event per piece, `chunkMs` apart, and says whether the answer may now end normally. At the cut it
 * calls `atCut` (by default: drop the connection) and returns false; a cut at or beyond the last piece still cuts,
 * so the answer looks whole but never ends. It also returns false once the client has gone.
 */
export async function writePacedPieces<Piece>(
  response: ServerResponse,
  pieces: readonly Piece[],
  eventFor: (piece: Piece, index: number) => string | Buffer,
  pacing: PiecePacing,
  signal: AbortSignal,
  atCut: () => void = () => cutConnection(response),
): Promise<boolean> {
  for (const [index, piece] of pieces.entries()) {
    if (index === pacing.cutAfter) {
      atCut();
      return false;
    }
    if (index > 0 && !(await pause(pacing.chunkMs, signal))) return false;
    if (index === pacing.holdAfter && pacing.passGate && !(await pacing.passGate(signal))) return false;
    if (!(await writeFlushed(response, eventFor(piece, index), signal))) return false;
    // Stamped after the write callback, so the time covers only what happens after the bytes left the simulator.
    pacing.onContentChunkWritten?.(index, performance.now(), typeof piece === 'string' ? piece.length : undefined);
  }
  if (pacing.cutAfter !== undefined) {
    atCut();
    return false;
  }
  return true;
}
