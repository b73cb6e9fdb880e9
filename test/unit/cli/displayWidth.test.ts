// Terminal tables are measured in columns, not UTF-16 code units (review finding L2): a Japanese
// title of 40 characters takes 80 columns, an emoji two, a combining accent none. Cuts fall between
// graphemes, so a surrogate pair or an emoji sequence is never split into garbage.
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import { eventTable, incidentRows, type ListedEvent } from '../../../src/core/cli/eventTable';
import { fitTable } from '../../../src/core/cli/fitTable';
import { table } from '../../../src/core/cli/format';
import { displayWidth, padColumns, truncate } from '../../../src/core/cli/terminal';
import type { HealthEvent } from '../../../src/core/model/eventModel';

const NOW = Date.UTC(2026, 10, 24, 12);
const JAPANESE = '東日本リージョンの仮想マシンで接続の問題が発生しています。詳細は後ほどお知らせします';
const EMOJI = '🔥 Storage 👩‍💻 degraded 🇯🇵 in Japan East, customers may see errors writing blobs';

function listed(id: string, title: string): ListedEvent {
  const event = {
    name: id,
    properties: { title, status: 'Active', eventType: 'ServiceIssue', eventLevel: 'Warning', lastUpdateTime: new Date(NOW - 3_600_000).toISOString(), impact: [{ impactedService: 'Virtual Machines', impactedRegions: [{ impactedRegion: 'Japan East' }] }] },
  } as HealthEvent;
  return { subscriptionId: '11111111-0000-0000-0000-000000000001', event };
}

const isWhole = (text: string): boolean => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('CLI tables by terminal display width', () => {
  it('measures wide characters as two columns, emoji as two, combining marks as none', () => {
    assert.equal(displayWidth('abc'), 3);
    assert.equal(displayWidth('日本'), 4);
    assert.equal(displayWidth('👩‍💻'), 2);
    assert.equal(displayWidth('e\u0301'), 1);
    assert.equal(displayWidth('\u001b[31mred\u001b[0m'), 3, 'colour codes take no column');
  });

  it('cuts to the column budget with an ellipsis, between graphemes: never half a surrogate pair or emoji sequence', () => {
    for (let max = 1; max <= 30; max++) {
      for (const text of [JAPANESE, EMOJI, 'plain ascii title that is long enough']) {
        const cut = truncate(text, max);
        assert.ok(displayWidth(cut) <= max, `${JSON.stringify(cut)} is ${displayWidth(cut)} columns, budget ${max}`);
        assert.ok(isWhole(cut), `a lone surrogate in ${JSON.stringify(cut)}`);
        assert.ok(cut.endsWith('…'));
      }
    }
    assert.equal(truncate('日本語', 6), '日本語', 'exactly the budget: not cut');
    assert.equal(truncate('日本語', 5), '日本…', 'one column short: cut');
    assert.equal(truncate('日本語', 4), '日…', 'a wide character that would straddle the edge is left out whole');
    assert.equal(truncate('👩‍💻 dev', 2), '…');
    assert.equal(truncate('x', 0), '');
  });

  it('pads to a column count, so the next column starts at the same column in every row', () => {
    assert.equal(padColumns('日本', 6), '日本  ');
    assert.equal(padColumns('abc', 6), 'abc   ');
    const text = table(['NAME', 'REGION'], [['東日本', 'Japan East'], ['vm1', 'West Europe']]);
    const [, first = '', second = ''] = text.split('\n');
    assert.equal(stringWidth(first.slice(0, first.indexOf('Japan'))), stringWidth(second.slice(0, second.indexOf('West'))));
  });

  it('a Japanese or emoji title keeps `list` within 80 columns (it was 133), and --wide shows it whole', () => {
    const rows = incidentRows([listed('JPN-1', JAPANESE), listed('EMO-2', EMOJI)]);
    const narrow = eventTable(rows, { width: 80, wide: false, color: false, now: NOW, withSubscriptions: false, name: () => undefined });
    for (const line of narrow.trimEnd().split('\n')) {
      assert.ok(stringWidth(line) <= 80, `${stringWidth(line)} columns: ${line}`);
      assert.ok(isWhole(line));
    }
    assert.match(narrow, /東日本.*…/);
    const wide = eventTable(rows, { width: 80, wide: true, color: false, now: NOW, withSubscriptions: false, name: () => undefined });
    assert.ok(wide.includes(JAPANESE) && wide.includes(EMOJI));
  });

  it('fitTable keeps every line within the width whatever the mix, at each width from 40 to 120', () => {
    const cells = [JAPANESE, EMOJI, 'ascii only', '混合 mixed タイトル'];
    for (let width = 40; width <= 120; width += 7) {
      const text = fitTable(
        [
          { header: 'ID', cells: cells.map((_, i) => `ID-${i}`) },
          { header: 'TITLE', cells, flex: { min: 20 } },
          { header: 'REGION', cells: cells.map(() => '東日本'), dropRank: 1 },
        ],
        { width, wide: false, color: true },
      );
      for (const line of text.trimEnd().split('\n')) assert.ok(stringWidth(line) <= width, `${stringWidth(line)} > ${width}: ${line}`);
    }
  });
});
