import assert from 'node:assert/strict';
import { feedbackLine } from '../../../src/core/chat/feedback';

describe('@health feedback log line', () => {
  it('names the command, the count and the tracking ids of an answer a user marked unhelpful', () => {
    const line = feedbackLine(false, { metadata: { command: 'active', listed: ['ABCD-123', 'EFGH-456'], total: 7, followups: [{ prompt: 'my secret words', label: 'x' }] } });
    assert.equal(line, '@health answer to /active marked unhelpful; 2 of 7 events listed (ABCD-123, EFGH-456).');
  });

  it('logs no user content: follow-up prompts, odd ids and a free-text command stay out', () => {
    const line = feedbackLine(true, { metadata: { command: 'are there outages near my home?', listed: ['ABCD-123', 'my password is hunter2'], followups: [{ prompt: 'private question' }] } });
    assert.equal(line, '@health answer to a question marked helpful; 1 events listed (ABCD-123).');
  });

  it('caps the ids at 10 (an answer lists at most 10; more would be a malformed result), with the rest counted', () => {
    const ids = Array.from({ length: 11 }, (_, i) => `ID-${i}`);
    assert.match(feedbackLine(false, { metadata: { listed: ids.slice(0, 10) } }), /\(ID-0, .*ID-9\)\.$/u);
    assert.match(feedbackLine(false, { metadata: { listed: ids } }), /ID-9 and 1 more\)\.$/u);
  });

  it('an answer without metadata (the chat failed before answering) still gives one line, and says when it was an error', () => {
    assert.equal(feedbackLine(false, {}), '@health answer to a question marked unhelpful.');
    assert.equal(feedbackLine(false, { metadata: 'junk', errorDetails: { message: 'Sign in first.' } }), '@health answer to a question marked unhelpful; the answer was an error.');
  });
});
