// The extension bundles (`scripts/build.mjs`, what `npm run package` ships with --production):
// dist/extension.js holds what activation needs, at most 400 KB; undici, sanitize-html, the
// sample service, the query language, chat answers, details rendering, the language-model
// tools and zod with every schema load on first use from sibling bundles; the production build leaves out the sample
// service's fault injection (a development build keeps it for the tests).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve, sep } from 'node:path';
import { sourceBundles } from './sourceBundles';

const root = join(__dirname, '..', '..', '..', '..');

/** Strings only the fault injector and its effects contain. */
const FAULT_STRINGS = ['attacker.invalid', 'QuantumMaintenance', 'InjectedFault', 'Upstream error', 'Fault times must be a positive integer'];

/**
 * Names only test code holds: the test API's hooks (its own bundle, which a production build does
 * not write) and the recorders production classes once kept for it.
 */
const TEST_ONLY_STRINGS = ['workspaceSettingWarnings', 'connectionProblems:', 'lastRenderedDetails', 'restoreDetailsPanel', 'selectedTreeIds', 'answerForTest', 'lastPickLabels', 'lastExport', 'lastRendered', 'paletteState', 'onDidChangeOpen', 'SERVICE_HEALTH_TEST_READER_SPIN', 'test hook: spinning'];
const TEST_API_MODULE = 'src/ui/app/testApiBundle.ts';

/** The most dist/extension.js (production) may weigh. */
const START_BUNDLE_LIMIT = 400 * 1024;

/** A string only each lazy part's code holds, and the bundle it must live in. */
const LAZY_MARKERS: Array<{ bundle: string; marker: string; what: string }> = [
  { bundle: 'undici.js', marker: 'UND_ERR_BPL_MISSING_UPSTREAM', what: 'undici' },
  { bundle: 'sanitize.js', marker: 'onopentagname', what: 'htmlparser2 (sanitize-html)' },
  { bundle: 'sanitize.js', marker: 'allowedStyles option cannot', what: 'sanitize-html' },
  { bundle: 'sample.js', marker: 'listens on loopback only', what: 'the sample service' },
];

/** Source modules that must not be in the start bundle, and the lazy bundle each must be in instead. */
const LAZY_MODULES: Array<{ bundle: string; modules: string[]; what: string }> = [
  {
    bundle: 'query.js',
    what: 'the query language and the Query Events palette',
    modules: ['src/core/query/parse.ts', 'src/core/query/predicate.ts', 'src/core/chat/eventQuery.ts', 'src/core/chat/viewQuery.ts', 'src/ui/query/queryPalette.ts', 'src/ui/query/queryFilterInput.ts'],
  },
  {
    bundle: 'resourceFilter.js',
    what: "the Resources view's query and its input box",
    modules: ['src/core/chat/resourceQuery.ts', 'src/core/query/parse.ts', 'src/ui/resources/resourceFilterInput.ts'],
  },
  {
    bundle: 'chat.js',
    what: 'the answers of @health',
    modules: ['src/ui/chat/healthParticipant.ts', 'src/core/chat/answer.ts', 'src/core/chat/timeline.ts', 'src/core/chat/resourcesAnswer.ts', 'src/core/query/parse.ts'],
  },
  {
    bundle: 'details.js',
    what: 'the details panels and their rendering',
    modules: ['src/ui/details/eventDetailsPanels.ts', 'src/core/render/viewModel.ts', 'src/core/render/html.ts', 'src/core/render/messages.ts', 'src/core/render/sanitize.ts', 'src/core/export/eventMarkdown.ts'],
  },
  {
    bundle: 'agent.js',
    what: 'the language-model tools',
    modules: ['src/core/agent/healthTools.ts', 'src/core/agent/inputs.ts', 'src/core/agent/toolErrors.ts'],
  },
  {
    bundle: 'validation.js',
    what: 'the zod schemas',
    modules: ['src/core/model/schemas.ts', 'src/core/model/eventResourceSchemas.ts', 'src/core/api/resourceGraphSchemas.ts', 'src/core/cache/snapshotSchema.ts'],
  },
];

type Bundles = Map<string, string>;

interface Metafile {
  readonly outputs: Record<string, { readonly inputs: Record<string, unknown> }>;
}
const folders: string[] = [];

/** The source modules (repository-relative) esbuild put into each bundle, by bundle file name. */
function modulesByBundle(dir: string): Map<string, Set<string>> {
  const meta = JSON.parse(readFileSync(join(dir, 'extension.meta.json'), 'utf8')) as Metafile;
  const sourceOf = (input: string): string => relative(root, resolve(root, input)).split(sep).join('/');
  return new Map(Object.entries(meta.outputs).map(([file, out]) => [basename(file), new Set(Object.keys(out.inputs).map(sourceOf))]));
}

/** Builds into a temporary folder (removed after the tests); the extension-side bundles by name. */
function build(production: boolean): { dir: string; bundles: Bundles } {
  const dir = mkdtempSync(join(tmpdir(), 'service-health-build-'));
  folders.push(dir);
  const args = ['scripts/build.mjs', '--outdir', dir, '--metafile', ...(production ? ['--production'] : [])];
  execFileSync(process.execPath, args, { cwd: root, stdio: 'pipe' });
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'cli.js');
  return { dir, bundles: new Map(files.map((f) => [f, readFileSync(join(dir, f), 'utf8')])) };
}

function bundle(bundles: Bundles, name: string): string {
  const text = bundles.get(name);
  assert.ok(text !== undefined, `${name} was not built`);
  return text;
}

describe('extension bundle', function () {
  this.timeout(120_000);
  let dev: Bundles;
  let prod: Bundles;
  let prodDir: string;

  before(() => {
    dev = build(false).bundles;
    ({ dir: prodDir, bundles: prod } = build(true));
  });

  after(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('a development build holds the fault injector, in the sample bundle (so the check below can fail)', () => {
    for (const s of FAULT_STRINGS) assert.ok(bundle(dev, 'sample.js').includes(s), `missing "${s}"`);
  });

  it('the production build (--production) holds no fault injection code in any bundle', () => {
    assert.ok(bundle(prod, 'extension.js').length > 100_000, 'the production bundle looks empty');
    for (const [name, text] of prod) {
      for (const s of FAULT_STRINGS) assert.ok(!text.includes(s), `${name} holds "${s}"`);
    }
  });

  it('a development build holds the test API, in its own bundle (so the check below can fail)', () => {
    for (const s of TEST_ONLY_STRINGS.slice(0, 5)) assert.ok(bundle(dev, 'testApi.js').includes(s), `missing "${s}"`);
    for (const s of TEST_ONLY_STRINGS) assert.ok(!bundle(dev, 'extension.js').includes(s), `the development extension.js holds "${s}"`);
  });

  it('the production build (--production) holds no test API and no test-only hooks in any bundle', () => {
    assert.ok(!prod.has('testApi.js'), 'the production build wrote testApi.js');
    for (const [name, text] of prod) {
      for (const s of TEST_ONLY_STRINGS) assert.ok(!text.includes(s), `${name} holds "${s}"`);
    }
    for (const [name, modules] of modulesByBundle(prodDir)) assert.ok(!modules.has(TEST_API_MODULE), `${name} holds ${TEST_API_MODULE}`);
  });

  it(`the production extension.js is at most ${START_BUNDLE_LIMIT / 1024} KB`, () => {
    const bytes = Buffer.byteLength(bundle(prod, 'extension.js'));
    assert.ok(bytes <= START_BUNDLE_LIMIT, `extension.js is ${(bytes / 1024).toFixed(1)} KB`);
  });

  it('undici, sanitize-html and the sample service are in their own bundles, not in extension.js', () => {
    const start = bundle(prod, 'extension.js');
    for (const { bundle: name, marker, what } of LAZY_MARKERS) {
      assert.ok(bundle(prod, name).includes(marker), `${what} is not in ${name}`);
      assert.ok(!start.includes(marker), `${what} is in extension.js`);
    }
  });

  it('the query language, chat answers, details rendering and the language-model tools are in their own bundles, not in extension.js', () => {
    const modules = modulesByBundle(prodDir);
    const start = modules.get('extension.js');
    assert.ok(start && start.has('src/ui/app/serviceHealthApp.ts'), 'the metafile does not list extension.js with the composition root');
    for (const { bundle: name, modules: lazy, what } of LAZY_MODULES) {
      const holder = modules.get(name);
      assert.ok(holder, `${name} was not built`);
      for (const m of lazy) {
        assert.ok(holder.has(m), `${m} (${what}) is not in ${name}`);
        assert.ok(!start.has(m), `${m} (${what}) is in extension.js`);
      }
    }
  });

  it('zod is in the validation bundle and no part of it is in extension.js (it loads on first validation)', () => {
    const modules = modulesByBundle(prodDir);
    const zodIn = (name: string): string[] => [...(modules.get(name) ?? [])].filter((m) => m.includes('node_modules/zod/'));
    assert.ok(zodIn('validation.js').length > 10, 'zod is not in validation.js');
    assert.deepEqual(zodIn('extension.js'), []);
  });

  it('extension.js requires exactly the lazy bundles built next to it, and no bundle requires a missing one', () => {
    const required = new Set<string>();
    for (const text of prod.values()) {
      for (const m of text.matchAll(/require\("\.\/([\w.-]+)"\)/g)) required.add(m[1] ?? '');
    }
    // Every src/**/<name>Bundle.ts but the test API (which production leaves out) is a dist/<name>.js that something requires.
    const expected = sourceBundles().filter((n) => n !== 'testApi').map((n) => `${n}.js`);
    assert.ok(expected.includes('details.js') && expected.includes('validation.js'), `the bundles found in src: ${expected.join(', ')}`);
    assert.deepEqual([...required].sort(), expected.sort());
    for (const name of required) assert.ok(prod.has(name), `${name} is required but not built`);
  });

  it('every lazy bundle is loaded through requireBundle with its own name (so a bundle gone after an update offers a reload)', () => {
    let loads = 0;
    for (const [name, text] of dev) {
      for (const m of text.matchAll(/^.*require\("\.\/([\w.-]+)\.js"\).*$/gm)) {
        loads++;
        assert.match(m[0], new RegExp(`requireBundle\\)?\\("${m[1] ?? ''}", \\(\\) => require\\("\\./${m[1] ?? ''}\\.js"\\)`), `${name}: ${m[0].trim()}`);
      }
    }
    assert.ok(loads >= 9, `only ${loads} lazy loads found`);
  });

  it('loading extension.js builds no Intl formatter (locale data costs milliseconds of activation); the first "Show N more" row builds one', () => {
    // A fresh Node process: the formatters of this one are built already. `vscode` is a stub.
    const script = `
      const Module = require('node:module');
      const load = Module._load;
      Module._load = function (request, ...rest) { return request === 'vscode' ? {} : load.call(this, request, ...rest); };
      const built = [];
      for (const name of ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'Collator', 'PluralRules', 'ListFormat']) {
        const Real = Intl[name];
        Intl[name] = new Proxy(Real, { construct(target, args) { built.push(name); return Reflect.construct(target, args); } });
      }
      require(${JSON.stringify(join(prodDir, 'extension.js'))});
      const atLoad = built.length;
      new Intl.NumberFormat('en-US');
      console.log(JSON.stringify({ atLoad, built }));
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { atLoad: number; built: string[] };
    assert.deepEqual(out.built.slice(0, out.atLoad), [], 'extension.js built these at load');
    assert.equal(out.built.length, 1, 'the spy saw no formatter built after load');
  });

  it('the production sanitizer works without postcss and still drops style attributes', () => {
    const text = bundle(prod, 'sanitize.js');
    assert.ok(!text.includes('CssSyntaxError'), 'postcss is in sanitize.js');
    assert.ok(existsSync(join(prodDir, 'sanitize.js')));
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built bundle itself
    const { sanitizeHtml } = require(join(prodDir, 'sanitize.js')) as { sanitizeHtml: (html: string, options: object) => string };
    const options = { allowedTags: ['p', 'a'], allowedAttributes: { a: ['href'] } };
    assert.equal(sanitizeHtml('<p style="color:red" onclick="x()">hi<script>bad()</script></p>', options), '<p>hi</p>');
    // Even a rule that allowed `style` would lose it (fail closed), never pass it through unparsed.
    const styled = sanitizeHtml('<p style="background:url(https://attacker.example/x)">hi</p>', { allowedTags: ['p'], allowedAttributes: { p: ['style'] } });
    assert.equal(styled, '<p>hi</p>');
  });
});
