import assert from 'node:assert/strict';
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_SUB_TYPES, EVENT_TYPES } from '../../../src/core/model/schemas';
import { enumFallbackWords, eventSourceWords, eventSubTypeWords, eventTypeWords, hirStageWords, levelWords, statusWords } from '../../../src/core/render/enumWords';

describe('enum words', () => {
  it('names every known event type in words', () => {
    assert.deepEqual(
      EVENT_TYPES.map((t) => eventTypeWords(t)),
      ['Service issue', 'Planned maintenance', 'Health advisory', 'Post-incident review', 'Emerging issue', 'Security advisory', 'Billing'],
    );
  });

  it('names every known billing sub-type in words, acronyms kept', () => {
    assert.deepEqual(
      EVENT_SUB_TYPES.map((t) => eventSubTypeWords(t)),
      ['Retirement', 'Foreign exchange rate change', 'Underbilling', 'Overbilling', 'Price changes', 'Tax changes', 'Meter ID changes', 'Unauthorized party abuse'],
    );
  });

  it('keeps levels, statuses and sources readable', () => {
    assert.deepEqual(EVENT_LEVELS.map((l) => levelWords(l)), ['Critical', 'Error', 'Warning', 'Informational']);
    assert.deepEqual(EVENT_STATUSES.map((s) => statusWords(s)), ['Active', 'Resolved']);
    assert.deepEqual([eventSourceWords('ResourceHealth'), eventSourceWords('ServiceHealth')], ['Resource Health', 'Service Health']);
  });

  it('splits values it does not know into words (the enums are open)', () => {
    assert.equal(eventTypeWords('QuantumDisruption'), 'Quantum disruption');
    assert.equal(statusWords('PartiallyResolved'), 'Partially resolved');
    assert.equal(levelWords('verbose'), 'Verbose');
    assert.equal(enumFallbackWords('HIRStage'), 'HIR stage');
    assert.equal(enumFallbackWords('MeterIDChanges'), 'Meter ID changes');
    assert.equal(enumFallbackWords('snake_case-value'), 'Snake case value');
    assert.equal(hirStageWords('mitigationInProgress'), 'Mitigation in progress');
  });

  it('gives nothing for missing values, so callers can leave the field out', () => {
    for (const f of [eventTypeWords, eventSubTypeWords, levelWords, statusWords, eventSourceWords, hirStageWords]) {
      assert.equal(f(undefined), '');
      assert.equal(f(null), '');
      assert.equal(f(''), '');
    }
    assert.equal(enumFallbackWords('  '), '');
  });
});
