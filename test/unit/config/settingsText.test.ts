import assert from 'node:assert/strict';
import { setsNonEmptyString, stripJsonComments } from '../../../src/ui/config/settingsText';

const KEY = 'serviceHealth.endpoint';

describe('settings file text (workspace values of user-only settings)', () => {
  it('finds the key set to a URL, in JSON with comments and trailing commas', () => {
    const text = '{\n  // where events come from\n  "serviceHealth.mode": "azure",\n  "serviceHealth.endpoint": "http://127.0.0.1:9999", /* proxy */\n}\n';
    assert.equal(setsNonEmptyString(text, KEY), true);
  });

  it('ignores the key when commented out, empty, or only a prefix of another key', () => {
    assert.equal(setsNonEmptyString('{ // "serviceHealth.endpoint": "https://evil.example"\n}', KEY), false);
    assert.equal(setsNonEmptyString('{ /* "serviceHealth.endpoint": "https://evil.example" */ }', KEY), false);
    assert.equal(setsNonEmptyString('{ "serviceHealth.endpoint": "  " }', KEY), false);
    assert.equal(setsNonEmptyString('{ "serviceHealth.endpointX": "https://evil.example" }', KEY), false);
  });

  it('keeps "//" inside strings (URLs) while removing comments', () => {
    assert.equal(stripJsonComments('{"a": "https://x/y"} // c\n/* d */'), '{"a": "https://x/y"} \n');
    assert.equal(stripJsonComments('{"a": "q\\"//not a comment"}'), '{"a": "q\\"//not a comment"}');
  });
});
