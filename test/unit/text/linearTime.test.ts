/**
 * Service text (error pages, event HTML) and user text (queries, chat prompts) can be large and
 * hostile. Each test feeds a 1 MB input of the shape that made a backtracking regex quadratic
 * (a 40 KB error page of '<' took 1.8 s), checks the result is right, and checks the time grows
 * linearly (see linearTime.ts for why that is measured as a ratio, not a time limit).
 */
import assert from 'node:assert/strict';
import { safeExcerpt } from '../../../src/core/api/errorBody';
import { ApiError } from '../../../src/core/api/errors';
import { summarizeTarget } from '../../../src/core/chat/answer';
import { htmlToText } from '../../../src/core/text/htmlText';
import { serviceKey } from '../../../src/core/query/normalize';
import { trimWord } from '../../../src/core/query/tokenize';
import { stripTags } from '../../../src/core/text/scan';
import { assertLinearTime, repeatTo } from './linearTime';

const MB = 1_000_000;

describe('linear time on hostile 1 MB inputs', () => {
  it('a proxy error page of "<" without ">" gives a short ApiError, in linear time', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => repeatTo('<', n), (body) => ApiError.fromResponse({ status: 502, body }, { operation: 'listEvents' }));
    assertLinearTime((n) => repeatTo('<a href="x" ', n), (body) => ApiError.fromResponse({ status: 502, body }, { operation: 'listEvents' }));
    const page = repeatTo('<', MB);
    const error = ApiError.fromResponse({ status: 502, body: page }, { operation: 'listEvents' });
    assert.match(error.message, /^The service failed with HTTP 502/);
    assert.ok(typeof error.details === 'string' && /^<+…$/.test(error.details) && error.details.length <= 120);
  });

  it('strips tags of a 1 MB page and keeps an unclosed "<" as text', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => repeatTo('<', n), (text) => stripTags(text));
    assert.equal(stripTags('a<b>c<i>d</i>e<f'), 'a c d e<f');
    assert.equal(stripTags(repeatTo('<', MB)).length, MB);
  });

  it('redacts JWTs in error text made of many "eyJ-" starts, in linear time', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => repeatTo('eyJ-', n), (text) => safeExcerpt(text));
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    assert.equal(safeExcerpt(`token ${jwt} rejected`), 'token [redacted] rejected');
    assert.ok(!safeExcerpt(`x-${jwt}`).includes('eyJhbGci'));
  });

  it('never shows half a token when a huge body is cut before it ends', () => {
    // The JWT straddles the point where the excerpt stops reading (4096 characters).
    const body = `${' '.repeat(4070)}eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl and more`;
    const excerpt = safeExcerpt(body);
    assert.ok(!excerpt.includes('eyJ'), excerpt);
  });

  it('turns 1 MB of unclosed tags and scripts into text in linear time', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    for (const unit of ['<', '<script', '<script>', '<li', '<br ', '<style>a</scrip']) {
      assertLinearTime((n) => repeatTo(unit, n), (html) => htmlToText(html));
    }
    assert.equal(htmlToText('<p>a</p><script>x</script><style>y</style><ul><li>b</li></ul>'), 'a\n- b');
    assert.equal(htmlToText('<script>never closed <b>bold</b>'), 'never closed bold');
    assert.equal(htmlToText(repeatTo('<script>', MB)), '');
  });

  it('trims punctuation around a query word that is 1 MB of dots', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => `a${'.'.repeat(n)}a`, (word) => trimWord(word));
    assert.equal(trimWord(`(a${'.'.repeat(MB)}b)?`), `a${'.'.repeat(MB)}b`);
    assert.equal(trimWord('.'.repeat(MB)), '');
  });

  it('drops a trailing "(ABBR)" from a service name padded with 1 MB of spaces', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => `${' '.repeat(n)}(x`, (name) => serviceKey(name));
    assert.equal(serviceKey(`Azure Kubernetes Service${' '.repeat(MB)}(AKS)`), 'kubernetesservice');
    assert.equal(serviceKey(`${' '.repeat(MB)}(x`), 'x');
  });

  it('reads the summary target of a prompt with 1 MB of "?" or quotes inside', () => {
    // The time is checked first: before the fix a 1 MB input would not finish for minutes.
    assertLinearTime((n) => `summarize ${'?'.repeat(n)} x`, (prompt) => summarizeTarget(prompt));
    assertLinearTime((n) => `summarize ${'"'.repeat(n)}x`, (prompt) => summarizeTarget(prompt));
    assert.equal(summarizeTarget(`summarize ${'?'.repeat(MB)} ABCD-123?`), `${'?'.repeat(MB)} ABCD-123`);
    assert.equal(summarizeTarget(`summarize ${'"'.repeat(MB)}ABCD-123"`), 'ABCD-123');
  });
});
