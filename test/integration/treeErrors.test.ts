// Tree data providers never throw into VS Code: a row computation that fails (a bug, a corrupt
// restored cache) becomes one error row whose Retry, run through the extension's registered
// command, asks VS Code for those rows again. In a real VS Code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EventsController } from '../../src/ui/events/eventsController';
import { EventsTreeProvider } from '../../src/ui/tree/eventsView';
import type { TreeNode } from '../../src/ui/tree/nodes';
import { RETRY_TREE_ROWS_COMMAND, ROW_ERROR_LABEL, ROWS_ERROR_LABEL, SafeTreeDataProvider, type TreeErrorRow } from '../../src/ui/tree/safeTreeProvider';
import { activateExtension } from './extensionApi';

interface Row {
  readonly label: string;
  readonly retry?: vscode.Command;
}

/** A tree whose rows fail while `failing` says so: synchronously, or as a rejected promise. */
class FlakyTree extends SafeTreeDataProvider<Row> {
  failing: 'throw' | 'reject' | 'item' | undefined = 'throw';
  readonly errors: string[] = [];

  constructor() {
    super((where, error) => this.errors.push(`${where}: ${error instanceof Error ? error.message : String(error)}`));
  }

  protected children(element: Row | undefined): Row[] | Thenable<Row[]> {
    if (this.failing === 'throw') throw new Error('shard 3 of the cache is unreadable');
    if (this.failing === 'reject') return Promise.reject(new Error('shard 3 of the cache is unreadable'));
    return element ? [] : [{ label: 'one' }, { label: 'two' }];
  }

  protected treeItem(element: Row): vscode.TreeItem {
    if (this.failing === 'item') throw new TypeError("Cannot read properties of undefined (reading 'eventType')");
    return new vscode.TreeItem(element.label);
  }

  protected errorNode(_parent: Row | undefined, row: TreeErrorRow): Row {
    return { label: row.label, retry: row.command };
  }
}

/** The rows the provider gives VS Code under `parent`. */
async function rowsOf(tree: FlakyTree, parent?: Row): Promise<Row[]> {
  return await tree.getChildren(parent);
}

async function runRetry(command: vscode.Command | undefined): Promise<void> {
  assert.ok(command, 'the error row has no Retry command');
  assert.equal(command.command, RETRY_TREE_ROWS_COMMAND);
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}

describe('tree errors: rows that fail to compute show an error row with Retry (real VS Code)', function () {
  this.timeout(60_000);
  let tree: FlakyTree;
  let fired: Array<Row | undefined>;

  before(async () => {
    await activateExtension(); // registers the Retry command
  });

  beforeEach(() => {
    tree = new FlakyTree();
    fired = [];
    tree.onDidChangeTreeData((e) => fired.push(e === null ? undefined : (e as Row | undefined)));
  });
  afterEach(() => tree.dispose());

  it('a throw while listing the top rows (a corrupt restored cache) gives one error row, logged, and Retry lists them again', async () => {
    const rows = await rowsOf(tree);
    assert.deepEqual(rows.map((r) => r.label), [ROWS_ERROR_LABEL]);
    assert.deepEqual(tree.errors, ['getChildren: shard 3 of the cache is unreadable']);
    tree.failing = undefined;
    await runRetry(rows[0]?.retry);
    assert.deepEqual(fired, [undefined], 'Retry did not ask VS Code for the top rows again');
    assert.deepEqual((await rowsOf(tree)).map((r) => r.label), ['one', 'two']);
  });

  it('a rejected promise while listing a row\'s children (a failed read) gives the error row under that row, and Retry asks for that row again', async () => {
    tree.failing = 'reject';
    const parent: Row = { label: 'parent' };
    const rows = await rowsOf(tree, parent);
    assert.deepEqual(rows.map((r) => r.label), [ROWS_ERROR_LABEL]);
    await runRetry(rows[0]?.retry);
    assert.equal(fired.length, 1);
    assert.equal(fired[0], parent, 'Retry must name the row VS Code holds, so only its children are asked for again');
  });

  it('a throw while drawing one row (a bug on an unexpected event) gives an error item with Retry for that row', async () => {
    tree.failing = 'item';
    const row: Row = { label: 'one' };
    const item = tree.getTreeItem(row);
    assert.equal(item.label, ROW_ERROR_LABEL);
    assert.equal(item.description, 'Retry');
    assert.match(String(item.tooltip), /reading 'eventType'/);
    await runRetry(item.command);
    assert.deepEqual(fired, [row]);
    tree.failing = undefined;
    assert.equal(tree.getTreeItem(row).label, 'one');
  });

  it('the rows that compute are passed through as they are', async () => {
    tree.failing = undefined;
    assert.deepEqual((await rowsOf(tree)).map((r) => r.label), ['one', 'two']);
    assert.deepEqual(tree.errors, []);
  });

  it('the Events tree: events that cannot be listed (a corrupt restored cache) show the error row with Retry instead of a throw', async () => {
    let broken = true;
    const controller = {
      filter: { windowDays: 30 },
      query: undefined,
      phase: () => 'ready',
      firstScreen: () => undefined,
      holdsCache: true,
      subscriptionNames: () => new Map<string, string>(),
      subscriptionIds: () => [],
      store: { lastError: undefined, size: 0, isSeen: () => false },
      visibleEvents: () => {
        if (broken) throw new Error('shard 3 of the cache is unreadable');
        return [];
      },
    } as unknown as EventsController;
    const errors: string[] = [];
    const events = new EventsTreeProvider(controller, () => 'type', undefined, (where) => errors.push(where));
    try {
      let refreshed = 0;
      events.onDidChangeTreeData(() => refreshed++);
      const rows = (await events.getChildren()) as TreeNode[];
      assert.equal(rows.length, 1);
      const item = events.getTreeItem(rows[0] as TreeNode);
      assert.equal(item.label, ROWS_ERROR_LABEL);
      assert.equal(item.contextValue, 'serviceHealth.treeError');
      assert.deepEqual(errors, ['getChildren']);
      broken = false;
      await runRetry(item.command);
      assert.equal(refreshed, 1);
      assert.deepEqual(await events.getChildren(), []);
    } finally {
      events.dispose();
    }
  });
});
