/**
 * The import rules of the code base (docs/architecture.md draws them). Checked by
 * test/unit/architecture-rules.test.ts inside `npm test`, so CI fails on any new violation.
 *
 * Back end, lowest layer first — a file may import its own layer and the ones below:
 *   shared/  ←  functions/platform  ←  functions/data  ←  use-cases (every other folder)  ←  route groups / workers
 * Front end: shared/ ← web/src/{config,lib} ← web/src/components ← web/src/entities ← web/src/features/<one> ← web/src/app
 */
const FEATURE = '^web/src/features/([^/]+)/';

module.exports = {
  forbidden: [
    { name: 'no-unresolvable', comment: 'An import the checker cannot follow would escape every rule.', severity: 'error', from: {}, to: { couldNotResolve: true, pathNot: '^(vite|@aws-amplify/ui-react/styles\\.css)$' } },
    // (vite: imported by the local dev server only when asked for; the Amplify stylesheet: a package-exports path the checker's resolver does not follow)
    { name: 'no-circular', comment: 'An import cycle hides which side is lower.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'shared-is-the-floor',
      comment: 'shared/ is used by the back end, the web and the infra alike: it imports none of them.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|web|infra|test)/' },
    },
    { name: 'functions-never-web', comment: 'The back end and the SPA meet only in shared/.', severity: 'error', from: { path: '^functions/' }, to: { path: '^(web|infra|test)/' } },
    { name: 'web-never-functions', comment: 'The SPA talks to the back end through the shared contracts only.', severity: 'error', from: { path: '^web/' }, to: { path: '^(functions|infra|test)/' } },
    {
      name: 'platform-is-below-data',
      comment: 'functions/platform is plumbing (HTTP, clock, logging, secrets): it knows no repository and no feature.',
      severity: 'error',
      from: { path: '^functions/platform/' },
      to: { path: '^functions/', pathNot: '^functions/platform/' },
    },
    {
      name: 'data-is-below-use-cases',
      comment: 'Repositories build keys and items; they call no use-case.',
      severity: 'error',
      from: { path: '^functions/data/' },
      to: { path: '^functions/', pathNot: '^functions/(data|platform)/' },
    },
    {
      name: 'only-data-builds-keys',
      comment:
        'Item keys are built in data/ only; a use-case names items by id (data/prefetch-keys.ts for batch reads). The paper broker keeps its simulated account in the table itself (broker-adapters/paper/store/dynamo-paper-store.ts), so it builds that one key.',
      severity: 'error',
      from: { path: '^functions/', pathNot: '^functions/(data/|broker-adapters/paper/store/dynamo-paper-store\\.ts$)' },
      to: { path: '^functions/data/keys\\.ts$' },
    },
    {
      name: 'brokers-are-below-route-groups',
      comment: 'Broker adapters serve the order path; they know no route group or use-case above them.',
      severity: 'error',
      from: { path: '^functions/broker-adapters/' },
      to: { path: '^functions/', pathNot: '^functions/(broker-adapters|platform|data|market)/' },
    },
    {
      name: 'handler-only-route-groups-stay-closed',
      comment:
        'These route groups hold only their Lambda handlers and routes; what other folders need lives in a use-case folder below them (e.g. broker-accounts/ for the broker route group). The other route groups (bridge, groups, jsonbridge, ordermanager, scripts, user) are also the use-case folder of their domain.',
      severity: 'error',
      from: { path: '^functions/([^/]+)/' },
      to: { path: '^functions/(auth|broker|ips|meta|panelconfigs|payment|realtime|referrals|strategies|subusers|watchlist)/', pathNot: '^functions/$1/' },
    },
    {
      name: 'web-features-apart',
      comment: 'A feature imports lib, components, entities and config — never another feature; app/ composes them.',
      severity: 'error',
      from: { path: FEATURE },
      to: { path: FEATURE, pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-lower-layers-know-no-feature',
      comment: 'lib, components, entities and config are below every feature and the app.',
      severity: 'error',
      from: { path: '^web/src/(lib|components|entities|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.d\\.ts$)' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
