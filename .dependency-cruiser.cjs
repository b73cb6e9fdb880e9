// The layering of src/ as lint rules (`npm run lint` runs `depcruise src`); docs: dependency-cruiser's rules reference.
// Type-only imports count (tsPreCompilationDeps): a circle closed by `import type` is still a circle.

/**
 * The rooms of src/core, bottom first. A room imports only rooms of LOWER layers; rooms of one
 * layer are peers and do not import each other. A new room must be placed here (rule core-room-unplaced).
 */
const CORE_LAYERS = [
  ['text', 'bundles'], // leaf helpers on strings and lists (scanning, appending without spreading, numbers, HTML to text, error text); loading lazy bundles; import no room
  ['model'], // the event model and the zod schemas of answers: the vocabulary every room speaks
  ['http'], // transport, retries, rate limits and quota; knows nothing of the API's meaning
  ['subscriptions'], // subscription names and the listing cache
  ['api'], // the health-events API, Resource Graph and their errors, on top of http
  ['query', 'quota', 'render'], // the query language; quota summaries; view models, HTML and words
  ['health'], // resource health: the order statuses are listed in, recommended actions as links
  ['events', 'infra'], // the events store, grouping and refresh policy (knows nothing of the cache); the infrastructure reader (templates → targets)
  ['cache'], // the events cache's format: version, snapshot (save, restore, checks), shards, preview, first screen
  ['chat', 'sample'], // @health answers; the embedded sample service
  ['agent', 'export'], // language-model tool answers; CSV and Markdown export
  ['mcp'], // the MCP server over the agent tools
  ['cli'], // the health-events command table, the top: nothing in core imports it
];

/**
 * The one module exempt from the layers: dist/validation.js must hold every zod schema (model's, api's
 * Resource Graph answers, cache's snapshot) so zod loads once, and its loader must sit below its lowest user (api).
 */
const VALIDATION_BUNDLE = '^src/core/model/validationBundle\\.ts$';

const ROOMS = CORE_LAYERS.flat();
const room = (name) => `^src/core/${name}/`;
const anyOf = (names) => `^src/core/(${names.join('|')})/`;

/** One rule per room: no import of a peer or a higher room. */
const layerRules = CORE_LAYERS.flatMap((layer, i) =>
  layer.map((name) => {
    const notBelow = CORE_LAYERS.slice(i).flat().filter((other) => other !== name);
    return {
      name: `core-layer-${name}`,
      comment: `core/${name} imports only rooms below its layer (${CORE_LAYERS.slice(0, i).flat().join(', ') || 'none'}).`,
      severity: 'error',
      from: name === 'model' ? { path: room(name), pathNot: VALIDATION_BUNDLE } : { path: room(name) },
      to: { path: anyOf(notBelow) },
    };
  }),
).filter((rule) => !rule.to.path.endsWith('()/'));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle (type-only ones too) ties its modules into one unit that cannot be read, tested or split alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-no-vscode',
      comment: 'src/core runs on plain Node (the CLI, the MCP server, unit tests): only src/ui imports vscode.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^vscode$|^node_modules/@types/vscode/' },
    },
    {
      name: 'core-stays-in-core',
      comment: 'src/core imports no module outside it (src/ui, the entry points): the arrows point into core, never out.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'core-room-unplaced',
      comment: 'Every folder of src/core has a place in CORE_LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: '^src/core/', pathNot: anyOf(ROOMS) },
      to: {},
    },
    {
      name: 'core-room-unplaced-target',
      comment: 'Every folder of src/core has a place in CORE_LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: {},
      to: { path: '^src/core/', pathNot: anyOf(ROOMS) },
    },
    {
      name: 'cli-serves-tools-through-mcp',
      comment: "The CLI's mcp command hands its session to core/mcp (stdioServer.ts); the agent tools and the MCP SDK stay behind that room.",
      severity: 'error',
      from: { path: room('cli') },
      to: { path: `${room('agent')}|^node_modules/@modelcontextprotocol/` },
    },
    {
      name: 'bundle-beside-its-loader',
      comment: 'A lazy bundle (*Bundle.ts) is named only in its own folder, by its loader: other rooms call the loader (docs/architecture.md#bundles-bundleloader).',
      severity: 'error',
      from: { path: '^(src/.+)/[^/]+$' },
      to: { path: 'Bundle\\.ts$', pathNot: '^$1/[^/]+$' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
