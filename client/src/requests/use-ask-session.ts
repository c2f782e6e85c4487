import { useCallback, useRef, useState } from 'react';
import type { ArenaRequestBody } from '../../../contract/arena.ts';
import type { CompareRequestBody, AskKind, SearchRequestBody } from '../../../contract/ask.ts';
import type { HistoryRequest } from '../api/history-api.ts';
import { restorableResults } from '../history/restore-request.ts';
import { restoreEarlierTurns, turnFromState, type EarlierTurn } from './conversation.ts';
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
  /** One more question to the models of the finished request, each given its conversation so far. */
  askFollowUp(body: Body): void;
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
  // The past request being put back from the history, until its earlier turns arrive (a new question cancels it).
  const restoring = useRef<string | null>(null);
  // The view's latest handlers, so the effects below run when the session needs them, not on every render.
  const latest = useRef(handlers);
  latest.current = handlers;

  const takeEarlierTurns = useCallback((turns: EarlierTurn[], firstQuestion: string) => {
    setEarlierTurns(turns);
    latest.current.firstQuestion?.(firstQuestion);
  }, []);

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
    setAsked(body);
    restore(request.id, body, results);
    fromHistory.restored();
    restoring.current = request.id;
    restoreEarlierTurns(request.id, (turns, firstQuestion) => {
      if (restoring.current === request.id) takeEarlierTurns(turns, firstQuestion);
    });
  });

  const askNew = (body: Body) => {
    restoring.current = null;
    setEarlierTurns([]);
    setAsked(body);
    ask(body);
  };

  const askFollowUp = (body: Body) => {
    if (!state.requestId) return;
    restoring.current = null;
    const followUp = { ...body, followUpOf: state.requestId };
    setEarlierTurns((turns) => [...turns, turnFromState(asked?.query ?? '', state)]);
    setAsked(followUp);
    ask(followUp);
  };

  const startOver = useCallback(() => {
    clear();
    setEarlierTurns([]);
    setAsked(null);
  }, [clear]);

  return { ...runner, earlierTurns, asked, question: asked?.query ?? '', askNew, askFollowUp, startOver };
}
