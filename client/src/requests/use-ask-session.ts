import { useCallback, useEffect, useRef, useState } from 'react';
import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import type { HistoryRequest } from '../api/history-api.ts';
import { restorableResults } from '../history/restore-request.ts';
import { restoreEarlierTurns, turnFromState, type EarlierTurn, type TurnPlace } from './conversation.ts';
import { withoutContinuation, type Continuation } from './continuation-body.ts';
import { useHistoryHandOver } from './use-history-hand-over.ts';
import { useRequestRunner, type RequestControls } from './use-request-runner.ts';
import { useResumeAfterReload } from './use-resume-after-reload.ts';
import type { WatchedRequest } from './watched-request.ts';

/** What each kind of view asks with. */
export type AskBodyOf<Kind extends AskKind> = Kind extends 'single' ? SearchRequestBody : Kind extends 'comparison' ? CompareRequestBody : ArenaRequestBody;

/** How a past request from the history becomes this view's again ("Run this prompt again", "Continue"). */
export interface FromHistory<Body> {
  /** Fills the form with the request's question, models and settings; answers the body it was asked with. */
  fill(request: HistoryRequest): Body;
  /** Only the form was filled ("Run this prompt again", or nothing to put back): the question box takes the focus. */
  focus(): void;
  /** The answers are back on the page ("Continue"): the view brings them into view. */
  restored(): void;
}

export interface AskSessionHandlers<Body> {
  /** After a reload: the request still answering, about to be followed again; the view shows its question and models. */
  resumed?(active: WatchedRequest): void;
  /** After a reload with nothing of this kind to resume; may answer a cleanup for when the view goes. */
  nothingToResume?(): (() => void) | undefined;
  /** The first question of a conversation that came back from the server: the form shows it. */
  firstQuestion?(question: string): void;
  /** Set by a view that takes past requests from the history, once it can (its catalogue is loaded). */
  fromHistory?: FromHistory<Body> | null;
}

export interface AskSession<Body> extends RequestControls {
  /** The finished turns of the conversation so far, oldest first. */
  earlierTurns: readonly EarlierTurn[];
  /** The body the question now answered was asked with (null before the first, or after starting over). */
  asked: Body | null;
  /** The question now answered. */
  question: string;
  /** A question from the form: starts a new conversation. */
  askNew(body: Body): void;
  /** Where the question now answered stands in its conversation (how it continued, its versions), once known. */
  currentPlace: TurnPlace | null;
  /**
   * One more question to the models of the finished request: each given its own conversation so far, or (carry)
   * every model given one model's answer to the last question.
   */
  askFollowUp(body: Body, continuation?: Continuation): void;
  /**
   * Asks `body` after the earlier turns `turns` (an edit keeps the turns before the question it replaces; a model
   * continued alone has none yet); with `readBack`, the conversation is read back from the server once the request
   * is admitted: its earlier turns, how it continued, its versions.
   */
  askAfter(turns: readonly EarlierTurn[], body: Body, readBack: boolean): void;
  /** Empties the answers and forgets the conversation. */
  startOver(): void;
}

/**
 * One ask view's session, whichever kind it is: its request runner, the conversation around it, the request a
 * reload interrupted (followed again), and the past request the history hands over to run again or continue.
 * The view keeps its form; it hears through `handlers` when the session needs the form to change.
 */
export function useAskSession<Kind extends AskKind>(kind: Kind, handlers: AskSessionHandlers<AskBodyOf<Kind>>): AskSession<AskBodyOf<Kind>> {
  type Body = AskBodyOf<Kind>;
  const runner = useRequestRunner(kind);
  const { state, ask, resume, restore, clear } = runner;
  const [earlierTurns, setEarlierTurns] = useState<readonly EarlierTurn[]>([]);
  const [asked, setAsked] = useState<Body | null>(null);
  const [currentPlace, setCurrentPlace] = useState<TurnPlace | null>(null);
  // Set when a question was sent whose place in its conversation the server knows better than the page: once its
  // request id is known, the conversation (with versions and carried answers) is read back.
  const readBackPlace = useRef(false);
  // The past request being put back from the history, until its earlier turns arrive (a new question cancels it).
  const restoring = useRef<string | null>(null);
  // The view's latest handlers, so the effects below run when the session needs them, not on every render.
  const latest = useRef(handlers);
  latest.current = handlers;

  const takeEarlierTurns = useCallback((turns: EarlierTurn[], current: TurnPlace) => {
    setEarlierTurns(turns);
    setCurrentPlace(current);
    if (turns[0]) latest.current.firstQuestion?.(turns[0].query);
  }, []);

  const requestId = state.requestId;
  useEffect(() => {
    if (!requestId || !readBackPlace.current) return;
    readBackPlace.current = false;
    return restoreEarlierTurns(requestId, takeEarlierTurns);
  }, [requestId, takeEarlierTurns]);

  // A request that was answering when the page went away picks up where it is, with its conversation.
  useResumeAfterReload(kind, {
    resume(active) {
      handlers.resumed?.(active);
      setAsked(active.body as Body);
      resume(active);
      // An arena round is never a follow-up: it has no conversation to bring back.
      return kind === 'arena' ? undefined : restoreEarlierTurns(active.requestId, takeEarlierTurns);
    },
    nothingToResume: handlers.nothingToResume,
  });

  // From the history: the form is filled to ask again; "Continue" also puts the answers and conversation back.
  useHistoryHandOver(kind, Boolean(handlers.fromHistory), (request, continuing) => {
    const { fromHistory } = handlers;
    if (!fromHistory) return;
    const body = fromHistory.fill(request);
    const results = continuing ? restorableResults(request) : null;
    if (!results) {
      fromHistory.focus();
      return;
    }
    setEarlierTurns([]);
    setCurrentPlace(null);
    setAsked(body);
    restore(request.id, body, results);
    fromHistory.restored();
    restoring.current = request.id;
    restoreEarlierTurns(request.id, (turns, current) => {
      if (restoring.current === request.id) takeEarlierTurns(turns, current);
    });
  });

  const askAfter = (turns: readonly EarlierTurn[], body: Body, readBack: boolean) => {
    restoring.current = null;
    readBackPlace.current = readBack;
    setEarlierTurns(turns);
    setCurrentPlace(null);
    setAsked(body);
    ask(body);
  };

  const askNew = (body: Body) => askAfter([], body, false);

  const askFollowUp = (body: Body, continuation?: Continuation) => {
    if (!state.requestId) return;
    // The body's own files are the follow-up's; the earlier question's were stripped with its place.
    const files = (body as { attachmentIds?: string[] }).attachmentIds;
    const followUp = { ...withoutContinuation(body), followUpOf: state.requestId, ...continuation, ...(files ? { attachmentIds: files } : {}) };
    askAfter([...earlierTurns, { ...turnFromState(asked?.query ?? '', state), place: currentPlace }], followUp, true);
  };

  const startOver = useCallback(() => {
    clear();
    readBackPlace.current = false;
    setEarlierTurns([]);
    setCurrentPlace(null);
    setAsked(null);
  }, [clear]);

  return { ...runner, earlierTurns, asked, question: asked?.query ?? '', currentPlace, askNew, askFollowUp, askAfter, startOver };
}
