/**
 * Import rules of Vigil's layout (README "Where things are"): each layer imports only what lies
 * below it, and nothing imports in a cycle. Checked by test/layout/import-rules.test.ts in `npm test`.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle ties two modules into one: move the shared part into a module of its own.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-the-foundation',
      severity: 'error',
      comment: 'lib/ holds foundations and imports nothing above it.',
      from: { path: '^lib/' },
      to: { path: '^(app|cli|workers|web|gateway|subgraphs|schema|bench|test)/' },
    },
    {
      name: 'subgraphs-meet-through-the-supergraph',
      severity: 'error',
      comment: 'A subgraph imports lib/ and its own folder (and the subgraph kit at subgraphs/*.ts), never another subgraph or a layer above.',
      from: { path: '^subgraphs/([^/]+)/' },
      to: { path: '^(subgraphs/(?!$1/)[^/]+/|app/|cli/|workers/|web/|gateway/)' },
    },
    {
      name: 'scan-targets-below-scans-and-alerts',
      severity: 'error',
      comment:
        "The alerts subgraph's domains: scan targets (with groups, credentials, schedules) are what scans run on and alerts point to; they import neither.",
      from: { path: '^subgraphs/alerts/scan-targets/' },
      to: { path: '^subgraphs/alerts/(alerts|scans)/' },
    },
    {
      name: 'alerts-below-scans',
      severity: 'error',
      comment: 'Scans and ingestion open and close alerts (scans/ imports alerts/); alerts never start or read a scan.',
      from: { path: '^subgraphs/alerts/alerts/' },
      to: { path: '^subgraphs/alerts/scans/' },
    },
    {
      name: 'subgraph-kit-below-the-subgraphs',
      severity: 'error',
      comment:
        'The subgraph kit (subgraphs/server.ts, in-process.ts, field-rules.ts, router-auth.ts, connections.ts, enums.ts) serves every subgraph and imports none of their internals.',
      from: { path: '^subgraphs/(server|in-process|field-rules|router-auth|connections|enums)\\.ts$' },
      to: { path: '^(subgraphs/[^/]+/|app/|cli/|workers/|web/|gateway/)' },
    },
    {
      name: 'gateway-knows-subgraphs-by-sdl-and-url',
      severity: 'error',
      comment: 'The gateway composes the subgraphs from their SDL files and calls them by URL (or the data sources app/ hands it), never their code.',
      from: { path: '^gateway/' },
      to: { path: '^(subgraphs/|app/|cli/|workers/|web/)' },
    },
    {
      name: 'apollo-internals-stay-here',
      severity: 'error',
      comment:
        "What replaces or patches @apollo/gateway's unexported code lives in lib/apollo-internals/ (its README says what and against which version); elsewhere, only the package's entry point.",
      from: { pathNot: '^lib/apollo-internals/' },
      to: { path: '(^|node_modules/)@apollo/gateway/dist/(?!index\\.)' },
    },
    {
      name: 'workers-below-the-app',
      severity: 'error',
      comment: "Background jobs use lib/ and the subgraphs' domain services; processes are assembled in app/.",
      from: { path: '^workers/' },
      to: { path: '^(app|cli|web|gateway)/' },
    },
    {
      name: 'cli-below-the-app',
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^(app|web|gateway)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|generated|dist|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
