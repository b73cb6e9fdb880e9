import assert from 'node:assert/strict';
import { safeExcerpt } from '../../../src/core/api/errorBody';
import { eventTable, incidentRows } from '../../../src/core/cli/eventTable';
import { htmlToText, terminalText } from '../../../src/core/text/htmlText';
import { chooseToken, parseEndpoint, parseSince, UsageError } from '../../../src/core/cli/options';

describe('CLI formatting and option parsing', () => {
  it('strips terminal escape sequences from service text', () => {
    assert.equal(terminalText('Outage\u001b[2J\u001b]0;pwned\u0007 in West Europe'), 'Outage [2J ]0;pwned in West Europe');
    const rows = incidentRows([{ subscriptionId: 's', event: { name: 'A\u001b[31m', properties: { title: 'T\r\nX' } } }]);
    const table = eventTable(rows, { width: 80, wide: false, color: false, now: 0, withSubscriptions: false, name: () => undefined });
    assert.ok(!table.includes('\u001b'));
    assert.ok(!table.includes('\r'));
  });

  it('turns event HTML into plain text', () => {
    assert.equal(htmlToText('<p>Hello&nbsp;<b>world</b> &amp; co</p><ul><li>one</li><li>two</li></ul>'), 'Hello world & co\n- one\n- two');
    assert.equal(htmlToText('<script>alert(1)</script>ok &#x41;&#66;'), 'ok AB');
  });

  it('hides bearer tokens and JWTs in excerpts', () => {
    const text = safeExcerpt('failed with Authorization: Bearer abc.def-ghi and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig');
    assert.ok(!text.includes('abc.def-ghi'));
    assert.ok(!text.includes('eyJhbGciOiJIUzI1NiJ9'));
  });

  it('reads --since as a duration, ISO time (UTC without zone) or month/day/year', () => {
    const now = Date.UTC(2025, 5, 10, 12);
    assert.equal(parseSince('12h', now).getTime(), now - 12 * 3_600_000);
    assert.equal(parseSince('7d', now).getTime(), now - 7 * 86_400_000);
    assert.equal(parseSince('2025-01-31T10:00:00', now).toISOString(), '2025-01-31T10:00:00.000Z');
    assert.equal(parseSince('2025-01-31T10:00:00+02:00', now).toISOString(), '2025-01-31T08:00:00.000Z');
    assert.equal(parseSince('1/31/2025', now).toISOString(), '2025-01-31T00:00:00.000Z');
    assert.throws(() => parseSince('last tuesday', now), UsageError);
  });

  it('accepts https and loopback http endpoints only', () => {
    assert.equal(parseEndpoint(undefined), 'https://management.azure.com');
    // A path is the base of every operation (self-hosted https://host/api/v3), never dropped.
    assert.equal(parseEndpoint('http://127.0.0.1:8080/x'), 'http://127.0.0.1:8080/x');
    assert.equal(parseEndpoint('https://host.example/api/v3/'), 'https://host.example/api/v3');
    assert.throws(() => parseEndpoint('https://host.example/api/v3?x=1'), UsageError);
    assert.equal(parseEndpoint('http://localhost:1'), 'http://localhost:1');
    assert.throws(() => parseEndpoint('http://10.0.0.1'), UsageError);
    assert.throws(() => parseEndpoint('ftp://example.com'), UsageError);
    assert.throws(() => parseEndpoint('https://user:pw@example.com'), UsageError);
  });

  it('uses --token with a warning, else the environment', () => {
    assert.deepEqual(chooseToken(undefined, { HEALTH_EVENTS_TOKEN: ' env ' }), { token: 'env' });
    const flag = chooseToken('flag', { HEALTH_EVENTS_TOKEN: 'env' });
    assert.equal(flag.token, 'flag');
    assert.match(flag.warning ?? '', /process list/);
    assert.deepEqual(chooseToken(undefined, {}), { token: undefined });
  });
});
