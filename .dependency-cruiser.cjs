/**
 * The house's one-way layers (docs/architecture.md), checked by dependency-cruiser in npm test
 * (scripts/house/layers.test.ts): every import, type-only ones included, runs down a
 * layer or stays in its room; no loop; the reference API and the judgement are entered by their
 * face (index.ts); nothing imports a command.
 *
 *   contract → reference-api → environments → harness → client-check, migration, suites
 *            → judgement → reporters → commands (scripts/, load/node/)
 *   k6 code (load/lib, load/scenarios, load/bench) imports only the contract and itself.
 */
const ROOMS = {
  contract: '^fixtures/contract/',
  reference: '^fixtures/reference-api/',
  environments: '^fixtures/environments/',
  harness: '^fixtures/harness/',
  clientCheck: '^fixtures/client-check/',
  migration: '^fixtures/migration/',
  suites: '^suites/',
  judgement: '^fixtures/judgement/',
  reporters: '^reporters/',
  k6: '^load/(lib|scenarios|bench)/',
  loadNode: '^load/node/',
  scripts: '^scripts/',
};
const any = (...rooms) => rooms.map((r) => ROOMS[r]).join('|');
const OURS = '^(fixtures|suites|reporters|load|scripts)/';

/** `room` may import only itself and `below`. */
const layer = (room, below) => ({
  name: `${room}-imports-only-below`,
  comment: `${room} imports only ${below.join(', ') || 'itself'}`,
  severity: 'error',
  from: { path: ROOMS[room] },
  to: { path: OURS, pathNot: any(room, ...below) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import loop, type-only imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('contract', []),
    layer('k6', ['contract']),
    layer('reference', ['contract']),
    layer('environments', ['contract', 'reference']),
    layer('harness', ['contract', 'reference', 'environments']),
    layer('clientCheck', ['contract', 'reference', 'environments', 'harness']),
    layer('migration', ['contract', 'reference', 'environments', 'harness']),
    layer('suites', ['contract', 'harness']),
    layer('judgement', ['contract', 'environments', 'harness']),
    layer('reporters', ['contract', 'environments', 'harness', 'judgement', 'clientCheck', 'k6']),
    layer('loadNode', ['contract', 'reference', 'environments', 'harness', 'judgement', 'reporters', 'k6', 'loadNode']),
    {
      name: 'reference-api-by-its-face',
      comment: 'outside the reference API, only its index.ts is imported',
      severity: 'error',
      from: { pathNot: ROOMS.reference },
      to: { path: ROOMS.reference, pathNot: '^fixtures/reference-api/index\\.ts$' },
    },
    {
      name: 'judgement-by-its-face',
      comment: 'outside the judgement, only its index.ts is imported',
      severity: 'error',
      from: { pathNot: ROOMS.judgement },
      to: { path: ROOMS.judgement, pathNot: '^fixtures/judgement/index\\.ts$' },
    },
    {
      name: 'client-check-keeps-out-of-the-harness',
      comment:
        'the client check judges clients, not targets: of the harness it uses only the redaction, command ' +
        'errors, stop signals and the project root',
      severity: 'error',
      from: { path: ROOMS.clientCheck, pathNot: '\\.test\\.ts$' },
      to: {
        path: ROOMS.harness,
        pathNot: '^fixtures/harness/(http/redact|support/command-error|run/stop-signals|support/project-root)\\.ts$',
      },
    },
    {
      name: 'client-check-used-by-commands-and-reporters',
      comment: 'and it stays out of the harness: only commands and reporters import it',
      severity: 'error',
      from: { path: OURS, pathNot: any('clientCheck', 'scripts', 'reporters') },
      to: { path: ROOMS.clientCheck },
    },
    {
      name: 'commands-imported-by-nothing',
      comment: 'scripts/ is the top: only scripts/ and the configs import it',
      severity: 'error',
      from: { path: OURS, pathNot: ROOMS.scripts },
      to: { path: ROOMS.scripts },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|reports|dist|\\.tools)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
