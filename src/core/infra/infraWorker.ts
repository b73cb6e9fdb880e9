/**
 * The template reader's worker thread (dist/infraWorker.js): parses and resolves templates so the
 * extension host, the MCP server and the CLI never run a parser on their main thread. A reader bug
 * that loops costs this thread only; infraReader.ts's watchdog terminates it. Why: docs/architecture.md#infra-reader
 */
import { parentPort } from 'node:worker_threads';
import { InfraIndex } from './infraIndex';
import { readInfraDir } from './readDir';
import { type FromWorker, type ReaderOp, type ToWorker } from './readerProtocol';
import { azdInfraPath, walkRules } from './walkRules';

const port = parentPort;
if (!port) {
  throw new Error('infraWorker.js runs only as a worker thread.');
}
const post = (message: FromWorker): void => port.postMessage(message);

/**
 * Test hooks: a file whose path holds the marker spins forever or ends the thread, standing for a
 * reader bug (a loop that never advances, a crash). A production build defines both variables
 * away (scripts/build.mjs), so a user's file names can never trigger them.
 */
function testHook(path: string): void {
  const spin = process.env.SERVICE_HEALTH_TEST_READER_SPIN;
  if (spin && path.includes(spin)) {
    process.stderr.write(`test hook: spinning on ${path}\n`);
    while (Date.now() > 0) {
      // Never returns, like a scanning loop that does not advance.
    }
  }
  const crash = process.env.SERVICE_HEALTH_TEST_READER_CRASH;
  if (crash && path.includes(crash)) {
    process.exit(70);
  }
}

/** The walk's index: says which file it reads (the watchdog's budget is per file) and skips those that ran over before. */
class WatchedIndex extends InfraIndex {
  constructor(
    private readonly job: number,
    private readonly slow: ReadonlyMap<string, string>,
  ) {
    super();
  }

  override set(path: string, text: string): boolean {
    post({ kind: 'reading', job: this.job, path });
    const slow = this.slow.get(path);
    if (slow !== undefined) {
      this.skip(path, slow);
      return true;
    }
    testHook(path);
    return super.set(path, text);
  }

  override report(): ReturnType<InfraIndex['report']> {
    post({ kind: 'resolving', job: this.job });
    return super.report();
  }
}

const folders = new Map<string, InfraIndex>();
/** Each folder's azd `infra.path` (from its root azure.yaml), which the walk rules read from. */
const infraPaths = new Map<string, string>();
const isRootAzureYaml = (path: string): boolean => /^azure\.ya?ml$/i.test(path);
const indexOf = (folder: string): InfraIndex => {
  let index = folders.get(folder);
  if (!index) {
    index = new InfraIndex();
    folders.set(folder, index);
  }
  return index;
};

function run(job: number, op: ReaderOp): Extract<FromWorker, { kind: 'done' }>['value'] {
  switch (op.op) {
    case 'set': {
      const index = indexOf(op.folder);
      const before = index.size;
      testHook(op.path);
      const held = index.set(op.path, op.text);
      if (isRootAzureYaml(op.path)) infraPaths.set(op.folder, azdInfraPath(op.text));
      // The size tells whether the path was held before without listing every path.
      return { held, had: held ? index.size === before : index.size < before };
    }
    case 'skip':
      indexOf(op.folder).skip(op.path, op.reason);
      return null;
    case 'delete':
      if (isRootAzureYaml(op.path)) infraPaths.delete(op.folder);
      return op.under ? indexOf(op.folder).deleteUnder(op.path) : indexOf(op.folder).delete(op.path);
    case 'drop':
      infraPaths.delete(op.folder);
      return folders.delete(op.folder);
    case 'regions':
      indexOf(op.folder).setRegions(op.regions);
      return null;
    case 'report': {
      const index = indexOf(op.folder);
      testHook(op.folder);
      const rules = walkRules({ ...op.globs, azdInfraPath: infraPaths.get(op.folder) ?? 'infra' });
      const { report, undeployed, all } = index.deployedReport(rules.deploys);
      return { report, paths: index.paths(), ...(all ? { undeployed, all } : {}) };
    }
    case 'readDir': {
      const { index, report } = readInfraDir(op.root, op.limits, new WatchedIndex(job, new Map(op.slow)));
      return { report, paths: index.paths() };
    }
  }
}

port.on('message', (message: ToWorker) => {
  try {
    post({ kind: 'done', job: message.job, value: run(message.job, message) });
  } catch (error) {
    post({ kind: 'failed', job: message.job, message: error instanceof Error ? error.message : String(error) });
  }
});
post({ kind: 'ready' });
