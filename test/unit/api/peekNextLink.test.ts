import assert from 'node:assert/strict';
import fc from 'fast-check';
import { peekNextLink } from '../../../src/core/api/paging';

describe('peekNextLink (speculative nextLink read from the text)', () => {
  it('reads the last top-level style nextLink, unescaping it', () => {
    assert.equal(peekNextLink('{"value":[],"nextLink":"https://h/x?a=1&$skipToken=a\\u0026b"}'), 'https://h/x?a=1&$skipToken=a&b');
    assert.equal(peekNextLink('{"value":[], "nextLink" : "https://h/\\"q\\""}'), 'https://h/"q"');
  });

  it('finds nothing for absent, null, empty or non-string links', () => {
    for (const body of ['{"value":[]}', '{"value":[],"nextLink":null}', '{"value":[],"nextLink":""}', '{"value":[],"nextLink":42}', 'not json']) {
      assert.equal(peekNextLink(body), undefined, body);
    }
  });

  it('is not fooled by the word inside an escaped string', () => {
    assert.equal(peekNextLink(JSON.stringify({ value: [{ description: '"nextLink":"https://evil/"' }] })), undefined);
  });

  it('agrees with JSON.parse whenever nextLink is the last key', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), fc.string({ minLength: 1 }), (values, link) => {
        const body = JSON.stringify({ value: values.map((v) => ({ text: v })), nextLink: link });
        const expected = link.trim() === '' ? undefined : link;
        assert.equal(peekNextLink(body), expected);
      }),
    );
  });
});
