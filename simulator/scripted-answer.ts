import type { ServerResponse } from 'node:http';
import { readAnswerStyle, styledPieceCount } from './answer-style.ts';
import { generateBrandAnswer, isBrandQuestion } from './brand-answer.ts';
import { brandJudgeReplyText, type BrandJudgeRequest } from './brand-judge-reply.ts';
import { councilReplyText, type CouncilRequest } from './council-reply.ts';
import { generateDeterministicAnswer, type DeterministicAnswer } from './deterministic-answer.ts';
import { cutConnection, pause, type PiecePacing } from './response-pacing.ts';
import type { SimulationScript } from './scripted-directives.ts';
import type { SimulatorSettings, SimulatorState } from './simulated-exchange.ts';

/**
 * What a script asks of the answer, with the simulator's defaults filled in: how many pieces it has, how they are
 * paced when streamed, and how a non-streamed answer is held back or dropped. Every chat-style provider answers
 * the same text for the same request, so the paths can be compared. The request's system prompt and temperature
 * shape it (`answer-style.ts`, `answer-variation.ts`); a scripted `chunks=` still fixes its length.
 */

export interface AnswerableRequest {
  prompt: string;
  script: SimulationScript;
  request: { model: string };
  judge?: BrandJudgeRequest | undefined;
  council?: CouncilRequest | undefined;
  systemPrompt?: string | undefined;
  temperature?: number | undefined;
  attachmentsReport?: string | undefined;
}

export function scriptedAnswer(accepted: AnswerableRequest, settings: SimulatorSettings): DeterministicAnswer {
  const { prompt, script, request, temperature } = accepted;
  if (accepted.judge) return piecesOf(brandJudgeReplyText(accepted.judge));
  if (accepted.council) return piecesOf(councilReplyText(accepted.council, request.model));
  const style = readAnswerStyle(accepted.systemPrompt);
  const asked = { prompt, model: request.model, sample: script.sample ?? 0, style };
  const answer = script.echo
    ? echoedAnswer(prompt)
    : isBrandQuestion(prompt)
      ? generateBrandAnswer({ ...asked, includeQuestionBrands: settings.variedAnswers })
      : generateDeterministicAnswer({ ...asked, temperature, pieceCount: script.chunks ?? styledPieceCount(style, settings.defaultChunkCount) });
  const said = script.hostile ? hostileAnswer(answer) : answer;
  // What arrived comes first, as its own piece, so a test reads it whole from the stored answer.
  if (!accepted.attachmentsReport) return said;
  const report = `${accepted.attachmentsReport}\n\n`;
  return { pieces: [report, ...said.pieces], text: report + said.text };
}

/** The prompt as the answer, a word (with the space after it) per piece: what a test scripts the model to say. */
function echoedAnswer(prompt: string): DeterministicAnswer {
  const pieces = prompt.match(/\S+\s*/g) ?? [prompt === '' ? '.' : prompt];
  return { pieces, text: pieces.join('') };
}

/** Text sent as it stands, in pieces of a few characters, as a model streams JSON. */
function piecesOf(text: string): DeterministicAnswer {
  const pieces = text.match(/[\s\S]{1,24}/g) ?? [text];
  return { pieces, text };
}

/**
 * The same answer with text no database takes: a NUL, a lone high surrogate, and an emoji whose two halves arrive in
 * different chunks (joined, that one is valid). Chunk count stays the same.
 */
function hostileAnswer(answer: DeterministicAnswer): DeterministicAnswer {
  const pieces = [...answer.pieces];
  const emoji = '\u{1F680}';
  pieces[0] = `${pieces[0]}nul\u0000here `;
  if (pieces.length > 1) pieces[pieces.length - 1] = `lone\uD800high ${pieces[pieces.length - 1]}`;
  if (pieces.length > 2) {
    pieces[1] = `${pieces[1]}${emoji.charAt(0)}`;
    pieces[2] = `${emoji.charAt(1)}${pieces[2]}`;
  }
  return { pieces, text: pieces.join('') };
}

export interface StreamPacing extends PiecePacing {
  /** Wait before the first piece (after the response headers). */
  firstTokenMs: number;
}

export function streamPacing(script: SimulationScript, prompt: string, settings: SimulatorSettings, state: Pick<SimulatorState, 'gates'>): StreamPacing {
  const report = settings.onContentChunkWritten;
  return {
    firstTokenMs: script.firstTokenMs ?? 0,
    chunkMs: script.chunkMs ?? settings.defaultChunkDelayMs,
    cutAfter: script.cutAfter,
    holdAfter: script.holdAfter,
    passGate: (signal) => state.gates.pass(script.gate ?? 0, signal),
    onContentChunkWritten: report && ((index, writtenAt, characters) => report({ prompt, index, writtenAt, characters: characters ?? 0 })),
  };
}

/** A non-streamed answer arrives all at once after the first-token wait; a cut means the connection just drops. */
export async function sendWholeAnswer(
  response: ServerResponse,
  pacing: Pick<StreamPacing, 'firstTokenMs' | 'cutAfter'>,
  signal: AbortSignal,
  send: () => void,
): Promise<void> {
  if (!(await pause(pacing.firstTokenMs, signal))) return;
  if (pacing.cutAfter !== undefined) {
    cutConnection(response);
    return;
  }
  send();
}
