/**
 * The house rules, checked in CI (`npm run check:imports`):
 *   contract  ←  core  ←  server, worker        client → contract only
 * `contract/` is the API's shapes and pure rules; `core/` owns each feature's rules and tables; `server/` is HTTP and
 * `worker/` is jobs and providers, and neither reaches into the other; the browser bundle may use only the contract.
 * Inside core, each feature folder is used through its front door (`core/<feature>/index.ts`), and the features
 * stand in groups (core/feature-groups.json: platform ← ledger ← asking ← products) where a group imports only from
 * itself and the groups below it. Tests may import anything.
 */
const LAYERS_ABOVE_CORE = '^(server|worker|client|scripts|benchmarks|tests)/';
const FEATURE_GROUPS = require('./core/feature-groups.json');
const GROUP_NAMES = Object.keys(FEATURE_GROUPS);
const featureFolders = (features) => `^core/(${features.join('|')})/`;

/** One rule per group: its features may not import a feature of any group above it. */
const featureOrderRules = GROUP_NAMES.slice(0, -1).map((group, index) => ({
  name: `feature-order-${group}`,
  comment: `A ${group} feature of core/ imports only its own group and the groups below it, never ${GROUP_NAMES.slice(index + 1).join(', ')}.`,
  severity: 'error',
  from: { path: featureFolders(FEATURE_GROUPS[group]) },
  to: { path: featureFolders(GROUP_NAMES.slice(index + 1).flatMap((above) => FEATURE_GROUPS[above])) },
}));

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
      name: 'front-doors-only',
      comment:
        'The doors (server, worker), scripts, benchmarks, the simulator and migrations use a core feature through its ' +
        'entry file, core/<feature>/index.ts; the rest of the folder is the feature\'s own business.',
      severity: 'error',
      from: { path: '^(server|worker|scripts|benchmarks|simulator|migrations)/' },
      to: { path: '^core/[^/]+/', pathNot: '^core/[^/]+/index\\.ts$' },
    },
    {
      name: 'features-meet-at-front-doors',
      comment: 'One core feature uses another only through its entry file; inside its own folder anything goes.',
      severity: 'error',
      from: { path: '^core/([^/]+)/' },
      to: { path: '^core/[^/]+/', pathNot: ['^core/$1/', '^core/[^/]+/index\\.ts$'] },
    },
    ...featureOrderRules,
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
