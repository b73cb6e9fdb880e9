import assert from 'node:assert/strict';
import { detailsOutlive } from '../../../src/ui/details/detailsOutlive';

const ada = { mode: 'azure', identity: 'azure|AzureCloud|https://management.azure.com|ada' } as const;
const bob = { mode: 'azure', identity: 'azure|AzureCloud|https://management.azure.com|bob' } as const;
const signedOut = { mode: 'azure', identity: 'azure|AzureCloud|https://management.azure.com|' } as const;
const sample = { mode: 'sample', identity: 'sample|http://127.0.0.1:4100' } as const;

describe('details panels across connection changes', () => {
  it('an account switch (another account answers the session event) closes the panels of the old account', () => {
    assert.equal(detailsOutlive(ada, bob), false);
  });

  it('sign-out (no account) and a switch from Azure to the sample service close them', () => {
    assert.equal(detailsOutlive(ada, signedOut), false);
    assert.equal(detailsOutlive(ada, sample), false);
    assert.equal(detailsOutlive(ada, undefined), false);
  });

  it('leaving the sample service closes its made-up events; a restarted sample service (new port) keeps them', () => {
    assert.equal(detailsOutlive(sample, ada), false);
    assert.equal(detailsOutlive(sample, undefined), false);
    assert.equal(detailsOutlive(sample, { mode: 'sample', identity: 'sample|http://127.0.0.1:4200' }), true);
  });

  it('the same account on a new client (a proxy setting changed) keeps them, as does the first connection', () => {
    assert.equal(detailsOutlive(ada, { ...ada }), true);
    assert.equal(detailsOutlive(undefined, ada), true);
  });
});
