import assert from 'node:assert/strict';
import { errorText } from '../../../src/core/text/errorText';

describe('errorText (what a caught value says in a log line or message)', () => {
  it('a failed request (an Error with a message) reads as its message alone', () => {
    assert.equal(errorText(new TypeError('fetch failed')), 'fetch failed');
  });

  it('an Error thrown without a message reads as its name, not as an empty reason', () => {
    assert.equal(errorText(new TypeError('')), 'TypeError');
    assert.equal(errorText(new Error()), 'Error');
  });

  it('a library that throws a plain string or object (not an Error) reads as that value as text', () => {
    assert.equal(errorText('socket hang up'), 'socket hang up');
    assert.equal(errorText(undefined), 'undefined');
    assert.equal(errorText({ code: 'ECONNRESET' }), '[object Object]');
  });
});
