import assert from 'node:assert/strict';
import { csvCell, csvFileBytes, impactedResourcesCsv } from '../../../src/core/export/csv';

describe('impacted resources CSV', () => {
  it('quotes per RFC 4180 only when needed: comma, quote (doubled), CR, LF', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('line\nbreak'), '"line\nbreak"');
    assert.equal(csvCell('cr\rx'), '"cr\rx"');
    assert.equal(csvCell(''), '');
  });

  it('guards against formula injection: cells starting with = + - @ tab or CR get a leading quote', () => {
    assert.equal(csvCell('=HYPERLINK("http://x")'), '"\'=HYPERLINK(""http://x"")"');
    assert.equal(csvCell('+1'), "'+1");
    assert.equal(csvCell('-2'), "'-2");
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('\tcmd'), "'\tcmd");
    // Not at the start: left alone.
    assert.equal(csvCell('a=b'), 'a=b');
    assert.equal(csvCell('rg-web'), 'rg-web');
  });

  it('writes a header and one CRLF-terminated line per resource', () => {
    const csv = impactedResourcesCsv([
      { name: 'web-1', type: 'Microsoft.Web/sites', resourceGroup: 'rg-web', region: 'westeurope', subscriptionId: 's1', resourceId: '/subscriptions/s1/resourceGroups/rg-web/providers/Microsoft.Web/sites/web-1' },
      { name: '=cmd', type: '', resourceGroup: '', region: 'eastus', subscriptionId: 's1' },
    ]);
    assert.equal(
      csv,
      'Name,Type,Resource group,Region,Subscription,Subscription ID,Resource ID\r\n' +
        'web-1,Microsoft.Web/sites,rg-web,westeurope,s1,s1,/subscriptions/s1/resourceGroups/rg-web/providers/Microsoft.Web/sites/web-1\r\n' +
        "'=cmd,,,eastus,s1,s1,\r\n",
    );
    assert.equal(impactedResourcesCsv([]), 'Name,Type,Resource group,Region,Subscription,Subscription ID,Resource ID\r\n');
  });

  it('the saved file starts with a UTF-8 BOM (Excel otherwise reads it in the legacy code page) and non-ASCII names round-trip', () => {
    const name = 'Überwachung-東京-café';
    const text = impactedResourcesCsv([{ name, type: 'Microsoft.Web/sites', resourceGroup: 'rg-ÄÖÜ', region: 'japaneast', subscriptionId: 's1' }], (id) => (id === 's1' ? 'Production – Zürich' : undefined));
    const bytes = csvFileBytes(text);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    // What a BOM-aware reader (Excel, TextDecoder) sees: the text, every name intact.
    const read = new TextDecoder('utf-8').decode(bytes);
    assert.equal(read, text);
    assert.equal(read.split('\r\n')[1], `${name},Microsoft.Web/sites,rg-ÄÖÜ,japaneast,Production – Zürich,s1,`);
    // Only the three BOM bytes come before the text's own UTF-8 bytes.
    assert.deepEqual(Buffer.from(bytes.subarray(3)), Buffer.from(text, 'utf8'));
  });
});
