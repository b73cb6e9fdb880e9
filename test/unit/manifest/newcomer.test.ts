// What a newcomer meets first, by VS Code's conventions (issue 25): the walkthrough, @health's
// disambiguation for the default chat, and agent tools hidden while they could only fail.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ContextKey } from '../../../src/ui/base/commandIds';

const root = path.resolve(__dirname, '../../../..');

interface Step {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly media: { readonly svg?: string; readonly markdown?: string; readonly altText?: string };
  readonly completionEvents?: readonly string[];
}

interface Manifest {
  readonly contributes: {
    readonly walkthroughs?: ReadonlyArray<{ readonly id: string; readonly title: string; readonly description: string; readonly steps: readonly Step[] }>;
    readonly chatParticipants: ReadonlyArray<{ readonly disambiguation?: ReadonlyArray<{ readonly category: string; readonly description: string; readonly examples: readonly string[] }> }>;
    readonly languageModelTools: ReadonlyArray<{ readonly name: string; readonly when?: string }>;
  };
}

const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

/** The text of a `%key%` string; fails on a key package.nls.json lacks. */
function text(value: string): string {
  const m = /^%([\w.-]+)%$/u.exec(value);
  assert.ok(m, `"${value}" is not a %key% (new manifest strings go to package.nls.json)`);
  const found = nls[m[1] as string];
  assert.ok(found !== undefined, `package.nls.json has no ${value}`);
  return found;
}

describe('manifest: the first minutes of a newcomer', () => {
  const [walkthrough] = manifest.contributes.walkthroughs ?? [];

  it('a walkthrough whose steps go sign-in or sample, subscriptions, an event, @health, the quota, the workspace\'s templates', () => {
    assert.ok(walkthrough, 'no contributes.walkthroughs');
    assert.equal(walkthrough.id, 'serviceHealth.gettingStarted');
    assert.deepEqual(walkthrough.steps.map((s) => s.id), ['connect', 'subscriptions', 'openEvent', 'askHealth', 'quota', 'templates']);
    text(walkthrough.title);
    text(walkthrough.description);
  });

  it('every step has an action (a command link), a completion event and theme-aware media', () => {
    for (const step of walkthrough?.steps ?? []) {
      text(step.title);
      assert.match(text(step.description), /\]\(command:[\w.]+\)/u, `${step.id}: no command link to act on`);
      assert.ok((step.completionEvents ?? []).length > 0, `${step.id}: no completion event`);
      for (const event of step.completionEvents ?? []) assert.match(event, /^(onCommand|onContext|onView|onSettingChanged|onLink):\S/u, `${step.id}: ${event}`);
      const file = step.media.svg ?? step.media.markdown;
      assert.ok(file?.startsWith('media/') && existsSync(path.join(root, file)), `${step.id}: media ${String(file)} is missing`);
      text(step.media.altText ?? '');
      if (step.media.svg) {
        const svg = readFileSync(path.join(root, step.media.svg), 'utf8');
        // Colours from the theme only: a hard-coded one would vanish on a light or a dark theme.
        assert.deepEqual(svg.match(/(fill|stroke|color)="(#|rgb|hsl)[^"]*"/gu) ?? [], [], `${step.id}: hard-coded colours`);
        assert.match(svg, /var\(--vscode-/u, `${step.id}: no theme colour`);
      }
    }
  });

  it('@health tells the default chat which questions are its own (categories with a description and examples)', () => {
    const categories = manifest.contributes.chatParticipants[0]?.disambiguation ?? [];
    assert.ok(categories.length > 0, 'no disambiguation');
    for (const c of categories) {
      assert.match(c.category, /^[a-z_]+$/u);
      assert.match(text(c.description), /Azure/u);
      assert.ok(c.examples.length >= 2, `${c.category}: give at least two examples`);
      for (const e of c.examples) assert.ok(text(e).endsWith('?'), `${c.category}: "${text(e)}" is not a question`);
    }
    assert.ok(categories.some((c) => c.examples.some((e) => /outage/iu.test(text(e)))), 'no example asks about an outage');
  });

  it('the agent tools are hidden while signed out in Azure mode, and shown in sample mode or signed in', () => {
    const tools = manifest.contributes.languageModelTools;
    assert.ok(tools.length >= 4);
    for (const tool of tools) {
      assert.equal(tool.when, `${ContextKey.mode} != azure || ${ContextKey.signedIn}`, `${tool.name}: the when clause`);
    }
  });
});
