import assert from 'node:assert/strict';
import { declinedOf, subscriptionsToOffer, type OfferContext } from '../../../src/ui/infra/azdOfferRules';

const AZD = '11111111-2222-3333-4444-555555555555';
const OTHER = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

const azure = (c: Partial<OfferContext> = {}): OfferContext => ({ mode: 'azure', signedIn: true, selected: [OTHER], settingDecides: false, declined: [], ...c });

describe('azd "add this subscription?" offer', () => {
  it('signed in to Azure with the azd subscription not selected: offers it', () => {
    assert.deepEqual(subscriptionsToOffer([AZD], azure()), [AZD]);
  });

  it('signed out of Azure: offers nothing (adding needs a listing with a token)', () => {
    assert.deepEqual(subscriptionsToOffer([AZD], azure({ signedIn: false })), []);
  });

  it('already selected, in another letter case: offers nothing', () => {
    assert.deepEqual(subscriptionsToOffer([AZD], azure({ selected: [OTHER, AZD.toUpperCase()] })), []);
  });

  it('the user said "Don\'t Ask Again" in this workspace, or was asked this session: offers nothing', () => {
    assert.deepEqual(subscriptionsToOffer([AZD], azure({ declined: [AZD] })), []);
    assert.deepEqual(subscriptionsToOffer([AZD, OTHER], azure({ selected: [], declined: [AZD.toUpperCase()] })), [OTHER]);
  });

  it('the serviceHealth.subscriptions setting decides what is shown: offers nothing', () => {
    assert.deepEqual(subscriptionsToOffer([AZD], azure({ settingDecides: true })), []);
  });

  it('an .env value that is not a subscription id (a variable, a typo): offers nothing', () => {
    assert.deepEqual(subscriptionsToOffer(['${SUB}', `${AZD}x`, 'not-a-guid', ''], azure()), []);
  });

  it('two environments naming the same subscription: offers it once', () => {
    assert.deepEqual(subscriptionsToOffer([AZD, AZD.toUpperCase(), ` ${AZD} `], azure()), [AZD]);
  });

  it('sample mode: offers a subscription the sample service serves and does not show; never a real one', () => {
    const sample: OfferContext = { mode: 'sample', signedIn: false, selected: [OTHER], settingDecides: false, sampleIds: [OTHER, AZD], declined: [] };
    assert.deepEqual(subscriptionsToOffer([AZD], sample), [AZD]);
    assert.deepEqual(subscriptionsToOffer(['99999999-2222-3333-4444-555555555555'], sample), []);
    assert.deepEqual(subscriptionsToOffer([AZD], { mode: 'sample', signedIn: false, selected: [], settingDecides: false, declined: [] }), []);
  });

  it('reads the declined list from workspaceState, ignoring what is not a string list', () => {
    assert.deepEqual(declinedOf([AZD, 3, null]), [AZD]);
    assert.deepEqual(declinedOf('x'), []);
    assert.deepEqual(declinedOf(undefined), []);
  });
});
