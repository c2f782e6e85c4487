/**
 * The house rules, checked in CI (`npm run check:imports`):
 *   contract  ←  core  ←  server, worker        client → contract only
 * `contract/` is the API's shapes and pure rules; `core/` owns each feature's rules and tables; `server/` is HTTP and
 * `worker/` is jobs and providers, and neither reaches into the other; the browser bundle may use only the contract.
 * Tests may import anything.
 */
const LAYERS_ABOVE_CORE = '^(server|worker|client|scripts|benchmarks|tests)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'contract-stands-alone',
      comment: 'contract/ is shared by the browser and every process: it imports nothing of ours but itself.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: '^(core|server|worker|client|simulator|migrations|scripts|benchmarks|tests)/' },
    },
    {
      name: 'core-below-the-doors',
      comment: 'core/ holds the rules both processes share: it must not depend on either door, the client or a script.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: `${LAYERS_ABOVE_CORE}|^simulator/` },
    },
    {
      name: 'server-is-not-the-worker',
      comment: 'The HTTP server and the job worker are separate processes; what both need belongs in core/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(worker|client|scripts|benchmarks|tests|simulator)/' },
    },
    {
      name: 'worker-is-not-the-server',
      comment: 'The job worker and the HTTP server are separate processes; what both need belongs in core/.',
      severity: 'error',
      from: { path: '^worker/' },
      to: { path: '^(server|client|scripts|benchmarks|tests)/' },
    },
    {
      name: 'client-speaks-the-contract',
      comment: 'The browser bundle may use the contract (types and pure constants) and nothing else of ours.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^(core|server|worker|simulator|migrations|scripts|benchmarks|tests)/' },
    },
    {
      name: 'no-cycles',
      comment:
        'A cycle makes two modules one in all but name: split out what both need. ORM entities are the exception: ' +
        'a relation is declared on both of its ends, so two related entities name each other by design.',
      severity: 'error',
      from: { pathNot: '^(tests|core/database/entities)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // The project compiles with TypeScript 7, whose compiler API dependency-cruiser cannot load; swc parses the same
    // sources itself. It reports type-only imports as dependencies (`type-only`) without the TypeScript compiler, so
    // a type a lower layer takes from a higher one still ties them together, and nothing waits on a compiler that the
    // checker does not support (tsPreCompilationDeps would ask for one).
    parser: 'swc',
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
