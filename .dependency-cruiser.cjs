// Import rules of the repository, checked by dependency-cruiser (`make lint-deps`, run by
// `make test` and CI; decision 0600). Issue 23: "no import cycle anywhere in the repository, ...
// shared machinery never imports a capability, the ledger package imports nothing of the
// service". A rule's exception is named in its `pathNot` with the reason beside it.
//
// The service's folders (docs/architecture.md, decision 0603): one per capability, holding its
// rules and SQL (`<cap>/*.ts`), its flows (`<cap>/flows/`), its routes (`<cap>/*-routes.ts`) and
// its jobs (`<cap>/jobs/`); shared machinery apart; `domain/` the shared kernel every capability
// speaks (outcomes, date-times, hold intents, the outbox's events, the flows' deps).

/** Shared machinery of the service: the HTTP pipeline, auth, database, idempotency, crypto. */
const sharedMachinery = '^services/api/src/(http|auth|db|idempotency|crypto)/';
/** The capabilities: what the service does for merchants and partners. */
const capabilityNames = 'collections|sub-merchants|payouts|fx|partner-wallets|wallets|accounts|webhooks|reconciliation';
/** Capability code, and the providers' and their interfaces' folders. */
const capabilities = `^services/api/src/(${capabilityNames}|rails|payout-rails|kyc|fx-rates|provider-outcomes|jobs/tasks|connectors)/`;
/** A capability's rules, SQL and flows: everything of it but its routes and its jobs. */
const capabilityCore = `^services/api/src/(${capabilityNames.replace('|webhooks', '')})/`;

/** Capability modules shared machinery may still import, each with its reason. */
const sharedMachineryExceptions = [
  // API keys, partners and operators are what auth authenticates (through accounts' index): they
  // move into auth/ with their routes.
  '^services/api/src/accounts/index\\.ts$',
  // The composition of the HTTP app: it mounts every capability's routes and pages.
  '^services/api/src/routes/(index|registry)\\.ts$',
  '^services/api/src/connectors/sandbox/collection-rails/payer-pages\\.ts$',
  '^services/api/src/collections/index\\.ts$',
];

/**
 * The assembly: where the service is put together from its capabilities (it mounts their routes,
 * registers their jobs, reads their settings, finishes their flows' runs, runs their commands).
 */
const assembly = '^services/api/src/(routes/|jobs/(registry|run-finisher|job)\\.ts$|cli/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle makes modules that cannot be read, tested or loaded apart (issue 23).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ledger-knows-no-service',
      severity: 'error',
      comment: 'The ledger package is standalone: it imports nothing of the service or of other packages.',
      from: { path: '^packages/ledger/' },
      to: { path: '^(services/|packages/(?!ledger/))' },
    },
    {
      name: 'packages-know-no-service',
      severity: 'error',
      comment: 'Packages (contract, SDK, ledger, checkout page) are used by the service, never the reverse.',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'shared-machinery-imports-no-capability',
      severity: 'error',
      comment: 'The HTTP pipeline, auth, database, idempotency and crypto serve every capability and know none.',
      from: { path: sharedMachinery },
      to: { path: capabilities, pathNot: sharedMachineryExceptions },
    },
    {
      name: 'domain-speaks-in-outcomes',
      severity: 'error',
      comment: 'Rules, flows, the shared kernel and idempotency refuse with outcomes (domain/outcomes.ts); only routes and http/ speak HTTP (http/outcomes.ts maps outcomes).',
      from: { path: [capabilityCore, '^services/api/src/(domain|idempotency)/'], pathNot: '-routes\\.ts$' },
      to: { path: '^services/api/src/http/' },
    },
    {
      name: 'domain-below-flows',
      severity: 'error',
      comment: 'Flows are above the rules: the rules of a capability and the shared kernel never import a flow.',
      // The collection completer finishes abandoned runs of two flows, so it uses their operations.
      // A capability's operator CLI commands (`<cap>/*-cli.ts`) are an entry point like its routes.
      from: {
        path: [capabilityCore, '^services/api/src/domain/'],
        pathNot: ['/flows/', '/jobs/', '-routes\\.ts$', '-cli\\.ts$', '^services/api/src/collections/collection-completer\\.ts$'],
      },
      to: { path: '/flows/' },
    },
    {
      name: 'kernel-imports-no-capability',
      severity: 'error',
      comment: 'domain/ is what every capability shares; it depends on none of them.',
      from: { path: '^services/api/src/domain/' },
      to: { path: capabilities },
    },
    {
      name: 'connectors-know-no-product',
      severity: 'error',
      comment: 'A provider connector (connectors/<provider>/) implements capability interfaces; it never reaches into the product (domain, flows, routes, webhooks) nor into another provider.',
      // A provider's outcomes reach the product only through the provider outcome ingress
      // (provider-outcomes/, decision 0610), which is not a capability.
      from: { path: '^services/api/src/connectors/([^/]+)/' },
      to: {
        path: [`^services/api/src/(domain|routes|${capabilityNames})/`, '^services/api/src/connectors/(?!$1/)'],
      },
    },
    {
      name: 'capabilities-meet-through-their-index',
      severity: 'error',
      comment: 'Another capability, or shared code, uses a capability only through its public index (<cap>/index.ts): what it offers the rest of the service, small and stated (issue 23). The assembly (the route table, the job registry and what a job gets, the run finisher, the runtime, config and the CLI) mounts routes, jobs and settings directly.',
      from: {
        path: '^services/api/src/([^/]+)/',
        pathNot: assembly,
      },
      to: {
        path: `^services/api/src/(${capabilityNames})/`,
        pathNot: [`^services/api/src/(${capabilityNames})/index\\.ts$`, '^services/api/src/$1/'],
      },
    },
    {
      name: 'no-orphans-in-src',
      severity: 'error',
      comment: 'A source module nothing imports is dead code (entry points excepted).',
      from: {
        orphan: true,
        path: '^(services/api/src|packages/[^/]+/src)/',
        pathNot: ['\\.d\\.ts$', '^services/api/src/(main|worker|cli)\\.ts$', '^packages/[^/]+/src/(index|main)\\.ts$'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tools)/' },
    // Type-only imports count: a cycle through types is still a cycle a reader has to hold.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
