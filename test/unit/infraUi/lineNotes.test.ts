import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import type { InfraTarget } from '../../../src/core/infra/types';
import type { HealthEvent } from '../../../src/core/model/eventModel';
import { touchKind } from '../../../src/core/infra/match';
import { Slicer } from '../../../src/core/text/slices';
import { lineNotes, noteHeadline, noteIncidents, templateNotes, type CountWords } from '../../../src/ui/infra/lineNotes';
import { excludeGlob } from '../../../src/ui/infra/workspaceGlobs';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
const WORDS: CountWords = {
  issues: (n) => (n === 1 ? '1 active service issue' : `${n} active service issues`),
  maintenance: (n) => (n === 1 ? '1 planned maintenance' : `${n} planned maintenance events`),
};

function stored(trackingId: string, p: { type?: string; status?: string; service?: string; region?: string; start?: string; sub?: string } = {}): StoredEvent {
  const event: HealthEvent = {
    name: trackingId,
    properties: {
      title: `Title ${trackingId}`,
      eventType: p.type ?? 'ServiceIssue',
      status: p.status ?? 'Active',
      ...(p.start ? { impactStartTime: p.start } : {}),
      impact: [{ impactedService: p.service ?? 'App Service', impactedRegions: [{ impactedRegion: p.region ?? 'West Europe' }] }],
    },
  } as HealthEvent;
  return { subscriptionId: p.sub ?? 'sub-1', trackingId, event };
}

const BICEP = `param location string = 'westeurope'

resource site 'Microsoft.Web/sites@2023-12-01' = {
  name: 'web'
  location: location
}

resource kv 'Microsoft.KeyVault/vaults@2023-07-01' = {
  name: 'kv'
  location: 'eastus'
}
`;

function targetsOf(text: string): readonly InfraTarget[] {
  const index = new InfraIndex();
  index.set('main.bicep', text);
  return index.report().targets;
}

describe('template line notes (hovers, CodeLens, diagnostics)', () => {
  it('an active App Service issue in West Europe notes the App Service line only, with the headline of the issue', () => {
    const targets = targetsOf(BICEP);
    const notes = lineNotes(targets, [stored('AAA-111')]);
    assert.equal(notes.length, 1);
    const note = notes[0]!;
    assert.equal(note.service, 'App Service');
    assert.equal(note.region, 'West Europe');
    assert.equal(note.line, targets.find((t) => t.service === 'App Service')?.line);
    assert.equal(noteHeadline(note, WORDS), 'App Service · West Europe: 1 active service issue');
    assert.deepEqual(note.events.map((e) => [e.subscriptionId, e.trackingId]), [['sub-1', 'AAA-111']]);
  });

  it('resolved events, other services in the same region and the same service in another region note nothing', () => {
    const events = [
      stored('R-1', { status: 'Resolved' }),
      stored('S-1', { service: 'SQL Database' }),
      stored('G-1', { region: 'North Europe' }),
      stored('H-1', { type: 'HealthAdvisory' }),
    ];
    assert.deepEqual(lineNotes(targetsOf(BICEP), events), []);
  });

  it('one incident listed by two subscriptions counts once; names match as Service Health spells them (eastus = East US, "Azure Key Vault")', () => {
    const events = [stored('K-1', { service: 'Azure Key Vault', region: 'East US', sub: 'a' }), stored('K-1', { service: 'Key Vault', region: 'East US', sub: 'b' })];
    const notes = lineNotes(targetsOf(BICEP), events);
    assert.equal(notes.length, 1);
    assert.equal(noteHeadline(notes[0]!, WORDS), 'Key Vault · East US: 1 active service issue');
  });

  it('issues and maintenance are counted apart, issues first', () => {
    const events = [stored('A'), stored('B'), stored('M', { type: 'PlannedMaintenance', start: new Date(NOW + DAY).toISOString() })];
    const [note] = lineNotes(targetsOf(BICEP), events);
    assert.equal(noteHeadline(note!, WORDS), 'App Service · West Europe: 2 active service issues, 1 planned maintenance');
  });

  it('planned maintenance counts while Active however far ahead it starts (the gate\'s rule), and when under way or undated; resolved never', () => {
    const at = (ms: number): StoredEvent => stored('M', { type: 'PlannedMaintenance', start: new Date(NOW + ms).toISOString() });
    assert.equal(touchKind(at(60 * DAY).event), 'maintenance');
    assert.equal(touchKind(at(-DAY).event), 'maintenance');
    assert.equal(touchKind(stored('M', { type: 'PlannedMaintenance' }).event), 'maintenance');
    assert.equal(touchKind(stored('M', { type: 'PlannedMaintenance', status: 'Resolved' }).event), undefined);
    assert.equal(lineNotes(targetsOf(BICEP), [at(60 * DAY)]).length, 1);
  });

  it('1,000 targets × 50 incidents listed by 200 subscriptions each: each event copy is visited once, and each target costs one lookup (H5)', () => {
    let visits = 0;
    const events: StoredEvent[] = [];
    for (let i = 0; i < 50; i++) {
      for (let sub = 0; sub < 200; sub++) events.push(stored(`INC-${i}`, { sub: `sub-${sub}`, region: i === 0 ? 'West Europe' : 'Brazil South' }));
    }
    const incidents = noteIncidents(events, () => visits++);
    assert.equal(incidents.incidents.length, 50, 'deduplicated by tracking id');
    const many = Array.from({ length: 1_000 }, (_, i) => ({ ...targetsOf(BICEP)[0]!, line: i + 1 }));
    const notes = lineNotes(many, incidents);
    assert.equal(notes.length, many.filter((t) => t.service === 'App Service').length);
    assert.ok(notes.every((n) => n.events.length === 1 && n.events[0]?.trackingId === 'INC-0'));
    // One visit per event copy (10,000); a check of every target against every copy would be 10,000,000 pairs.
    assert.equal(visits, 10_000);
  });

  it('the notes the editor computes once per change, in slices that yield, equal those computed in one go; a newer change stops them (issue 32)', async () => {
    const events: StoredEvent[] = [];
    for (let i = 0; i < 20; i++) {
      for (let sub = 0; sub < 30; sub++) events.push(stored(`INC-${i}`, { sub: `sub-${sub}`, region: ['West Europe', 'East US', 'Brazil South'][(i + sub) % 3], type: i % 5 === 0 ? 'PlannedMaintenance' : 'ServiceIssue' }));
    }
    const files = [0, 1, 2].map((f) => ({ uri: `m${f}.bicep`, targets: targetsOf(BICEP).map((t) => ({ ...t, line: t.line + f })) }));
    const slicer = new Slicer({ budgetMs: 0, yieldNow: async () => undefined });
    const built = await templateNotes(events, files, slicer);
    assert.ok(built && slicer.yielded >= events.length, `${slicer.yielded} yields`);
    const whole = noteIncidents(events);
    assert.deepEqual(built.incidents.incidents, whole.incidents);
    assert.deepEqual(
      built.files.map((f) => [f.file.uri, f.notes]),
      files.map((f) => [f.uri, lineNotes(f.targets, whole)]),
    );
    assert.ok(built.files.some((f) => f.notes.length > 0), 'some lines are noted');
    let n = 0;
    assert.equal(await templateNotes(events, files, new Slicer({ budgetMs: 0, yieldNow: async () => undefined, superseded: () => ++n > 10 })), undefined);
  });
});

describe('workspace template globs', () => {
  it('excludes the search.exclude patterns switched on (and tools\' folders), not those switched off', () => {
    const glob = excludeGlob({ '**/dist': true, '**/bower_components': false, '**/*.code-search': true, '**/gen/**': { when: '$(basename).ts' } });
    assert.equal(glob, '{**/node_modules/**,**/.terraform/**,**/.git/**,**/dist,**/*.code-search,**/gen/**}');
  });

  it('skips a brace pattern it cannot nest, and a missing or malformed setting', () => {
    assert.equal(excludeGlob({ '**/{a,b}/**': true }), '{**/node_modules/**,**/.terraform/**,**/.git/**}');
    assert.equal(excludeGlob(undefined), '{**/node_modules/**,**/.terraform/**,**/.git/**}');
    assert.equal(excludeGlob('**/x'), '{**/node_modules/**,**/.terraform/**,**/.git/**}');
  });
});
