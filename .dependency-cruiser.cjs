// Import rules of the repository, checked by dependency-cruiser (`make lint-deps`, run by
// `make test` and CI; decision 0600). Issue 23: "no import cycle anywhere in the repository, ...
// shared machinery never imports a capability, the ledger package imports nothing of the
// service". A rule's exception is named in its `pathNot` with the reason beside it; each one is a
// piece of the capability-folder move still to do (docs/architecture.md, "Import rules").

/** Shared machinery of the service: the HTTP pipeline, auth, database, idempotency, crypto. */
const sharedMachinery = '^services/api/src/(http|auth|db|idempotency|crypto)/';
/** Capability code: what the service does for merchants and partners, and its providers. */
const capabilities = '^services/api/src/(domain|flows|routes|webhooks|rails|payout-rails|kyc|fx|jobs/tasks|connectors)/';

/** Capability modules shared machinery may still import, each until the move re-homes it. */
const sharedMachineryExceptions = [
  // Refusal, the closed outcome union: shared by nature (http/outcomes.ts maps it, idempotency
  // stores it); it moves out of domain/ with the capability folders.
  '^services/api/src/domain/outcomes\\.ts$',
  // The one RFC 3339 rule (decision 0400): a value parser, used by the edge and the domain alike.
  '^services/api/src/domain/date-time\\.ts$',
  // API keys and partners are what auth authenticates: they move into auth/ with the folders.
  '^services/api/src/domain/(api-keys|partners)\\.ts$',
  // The composition of the HTTP app: it mounts every capability's routes and pages.
  '^services/api/src/routes/(index|registry)\\.ts$',
  '^services/api/src/connectors/sandbox/collection-rails/payer-pages\\.ts$',
  '^services/api/src/domain/checkout-sessions\\.ts$',
];

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
      comment: 'domain/, flows/ and idempotency/ refuse with outcomes (domain/outcomes.ts); http/outcomes.ts maps them to HTTP.',
      from: { path: '^services/api/src/(domain|flows|idempotency)/' },
      to: { path: '^services/api/src/http/' },
    },
    {
      name: 'domain-below-flows',
      severity: 'error',
      comment: 'Flows are above the domain: a domain module never imports one.',
      // The completer finishes abandoned runs of two flows, so it uses their operations; it moves
      // to the collections capability with the folder move, beside the flows it resumes.
      from: { path: '^services/api/src/domain/', pathNot: '^services/api/src/domain/collection-completer\\.ts$' },
      to: { path: '^services/api/src/flows/' },
    },
    {
      name: 'connectors-know-no-product',
      severity: 'error',
      comment: 'A provider connector (connectors/<provider>/) implements capability interfaces; it never reaches into the product (domain, flows, routes, webhooks) nor into another provider.',
      // The sandbox's outcome jobs still apply a payout outcome or a KYC decision to the domain
      // themselves: one of the three ways an outcome arrives today, which the one outcome path
      // of issue 23 (recorded, deduplicated, applied by the owning capability's job) replaces.
      from: {
        path: '^services/api/src/connectors/([^/]+)/',
        pathNot: '^services/api/src/connectors/sandbox/(payout-rails/deliver-(due-)?outcomes?-job|kyc/deliver-decision-job)\\.ts$',
      },
      to: { path: ['^services/api/src/(domain|flows|routes|webhooks)/', '^services/api/src/connectors/(?!$1/)'] },
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
