import assert from 'node:assert/strict';
import { mergeNames, namesFromListing, subscriptionLabel, subscriptionTooltip } from '../../../src/core/subscriptions/names';

const A = '3F0C7A52-8A43-4D1E-9D6B-1C5F0E2A7B11';
const B = '9b2e4d17-6c58-4f3a-8e91-2d7a5b3c4e22';

describe('subscription names', () => {
  it('keeps the names a listing gives, not blank ones or ones that are just the GUID', () => {
    const names = namesFromListing([
      { subscriptionId: A, displayName: ' Contoso Production ' },
      { subscriptionId: B, displayName: B },
      { subscriptionId: 'c', displayName: '' },
    ] as never);
    assert.deepEqual(names, { [A]: 'Contoso Production' });
  });

  it('looks names up whatever the case of the id, later records winning', () => {
    const names = mergeNames({ [A]: 'Old name' }, undefined, { [A.toLowerCase()]: 'Contoso Production' });
    assert.equal(subscriptionLabel(A.toLowerCase(), names), 'Contoso Production');
    assert.equal(subscriptionLabel(A, names), 'Contoso Production');
  });

  it('the GUID only as a fallback, or in parentheses for a tooltip', () => {
    const names = mergeNames({ [A]: 'Contoso Production' });
    assert.equal(subscriptionLabel(B, names), B);
    assert.equal(subscriptionTooltip(A, names), `Contoso Production (${A})`);
    assert.equal(subscriptionTooltip(B, names), B);
  });
});
