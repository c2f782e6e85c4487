import type { LiveSocket } from '../api/live-socket.ts';
import { followRequest } from './follow-request.ts';
import { createRequestRunner, type RequestRunner, type RequestRunnerDeps } from './request-runner.ts';
import { stopRuns } from './stop-runs.ts';

/**
 * The runner wired to the network: the follower (with the contract's schemas and their checker) and the stop
 * call. Everything here is loaded with `import()` (`runner-loader.ts`), so the first paint does not carry it.
 */
export function connectRequestRunner(deps: Omit<RequestRunnerDeps, 'follow' | 'stopRuns'>, live: () => Pick<LiveSocket, 'follow'>): RequestRunner {
  return createRequestRunner({ ...deps, follow: (options) => followRequest({ ...options, live: live() }), stopRuns });
}
