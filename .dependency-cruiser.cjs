// The architecture rules of docs/architecture.md, checked by `npm run check:architecture`
// (dependency-cruiser). apps/server/test/architecture.test.ts plants one violation per rule and
// shows each one is reported, so a rule that stops matching fails a test instead of going quiet.

/** Packages that talk SQL or drive the job table; their values belong to repositories, db/ and jobs/. */
const SQL_PACKAGES = '(^|/)node_modules/(kysely|pg|pg-boss|@electric-sql/pglite)/';

/** Where SQL may be built: repositories, the database layer and the job queue. */
const SQL_HOMES = ['^apps/server/src/.*[/-]repository\\.ts$', '^apps/server/src/db/', '^apps/server/src/jobs/'];

const WEB = '^apps/web/src/';

module.exports = {
  forbidden: [
    {
      name: 'domain-public-surface',
      comment:
        'A server domain may use another domain only through its public surface, domains/<name>/index.ts ' +
        '(decision 0040): its repositories, routes and helpers are its own.',
      severity: 'error',
      from: { path: '^apps/server/src/domains/([^/]+)/' },
      to: {
        path: '^apps/server/src/domains/',
        pathNot: ['^apps/server/src/domains/$1/', '^apps/server/src/domains/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-feature-isolation',
      comment: 'A web feature never imports another feature or app/ (decision 0013).',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: [`${WEB}features/`, `${WEB}app/`], pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-shared-code-stays-shared',
      comment:
        'components/ and lib/ are shared by every feature, so they never import a feature or app/ (decision 0013).',
      severity: 'error',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: [`${WEB}features/`, `${WEB}app/`] },
    },
    {
      name: 'sql-in-repositories',
      comment:
        'Only repositories, db/ and jobs/ use the SQL packages at run time (sql, CompiledQuery, pg, PGlite, ' +
        'pg-boss); anything else may import their types (a Kysely or Transaction to pass along).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: SQL_HOMES },
      to: { path: SQL_PACKAGES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'routes-call-services',
      comment:
        'A routes file (routes.ts, *-routes.ts) speaks HTTP and calls services; ' +
        'it never reaches a repository itself.',
      severity: 'error',
      from: { path: '^apps/server/src/.*[/-]routes\\.ts$' },
      to: { path: '^apps/server/src/.*[/-]repository\\.ts$' },
    },
    {
      name: 'engines-never-import-domains',
      comment: 'Engines are below the domains: a domain uses an engine, never the other way round.',
      severity: 'error',
      from: { path: '^apps/server/src/engines/' },
      to: { path: '^apps/server/src/domains/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too (and are told apart by the SQL rule).
    tsPreCompilationDeps: true,
    // The web app's tsconfig brings its `@/` alias (resolved from where depcruise runs, so the test's planted
    // tree uses its own); the server's `./x.js` imports resolve to `./x.ts` without one.
    tsConfig: { fileName: require('node:path').resolve('apps/web/tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['sayso-source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
