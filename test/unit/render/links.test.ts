import assert from 'node:assert/strict';
import { checkExternalUrl, eventPortalUrl, linkUrl, portalBase, DEFAULT_PORTAL_URL } from '../../../src/core/render/links';

describe('checkExternalUrl', () => {
  it('accepts absolute https URLs with a host', () => {
    assert.equal(checkExternalUrl('https://aka.ms/x?y=1#z'), 'https://aka.ms/x?y=1#z');
    assert.equal(checkExternalUrl('HTTPS://Learn.Microsoft.com/a'), 'https://learn.microsoft.com/a');
  });

  it('refuses other schemes, relative and malformed addresses', () => {
    for (const raw of [
      'http://example.com', 'javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'command:workbench.action.reloadWindow',
      'vscode://file/x', 'file:///etc/passwd', '//evil.example/x', '/relative', 'relative', '', 'https://', 'https:// evil', ' https://a.example',
      'https://a.example/\n', 'https://user:pw@a.example/', 'java\tscript:x',
    ]) {
      assert.equal(checkExternalUrl(raw), undefined, raw);
    }
    assert.equal(checkExternalUrl(42), undefined);
    assert.equal(checkExternalUrl(undefined), undefined);
  });
});

describe('portalBase', () => {
  it('defaults to the public portal and keeps a valid sovereign base without a trailing slash', () => {
    assert.equal(portalBase(undefined), DEFAULT_PORTAL_URL);
    assert.equal(portalBase('https://portal.azure.us/'), 'https://portal.azure.us');
    assert.equal(portalBase('http://portal.azure.us'), DEFAULT_PORTAL_URL);
    assert.equal(portalBase('javascript:alert(1)'), DEFAULT_PORTAL_URL);
  });
});

describe('linkUrl', () => {
  it('builds a blade deep link with url-encoded segments in parameter order', () => {
    const url = linkUrl({
      type: 'Button',
      extensionName: 'Microsoft_Azure_Support',
      bladeName: 'NewSupportRequestV3Blade',
      parameters: { issueType: 'technical', 'subscription Id': 'a/b c', count: 2, nested: { x: 1 } },
    });
    assert.equal(
      url,
      'https://portal.azure.com/#blade/Microsoft_Azure_Support/NewSupportRequestV3Blade/issueType/technical/subscription%20Id/a%2Fb%20c/count/2',
    );
  });

  it('uses the configured portal base', () => {
    assert.equal(linkUrl({ extensionName: 'E', bladeName: 'B' }, 'https://portal.azure.cn'), 'https://portal.azure.cn/#blade/E/B');
  });

  it('falls back to an https url parameter when there is no blade, and refuses other schemes', () => {
    assert.equal(linkUrl({ type: 'Hyperlink', parameters: { url: 'https://aka.ms/rca' } }), 'https://aka.ms/rca');
    assert.equal(linkUrl({ type: 'Hyperlink', parameters: { url: 'javascript:alert(1)' } }), undefined);
    assert.equal(linkUrl({ type: 'Hyperlink', bladeName: 'OnlyBlade' }), undefined);
  });
});

describe('eventPortalUrl', () => {
  it('opens the Service Health blade on the tab of the event type with the tracking id', () => {
    assert.equal(
      eventPortalUrl('ABC-123', 'ServiceIssue'),
      'https://portal.azure.com/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/serviceIssues/trackingId/ABC-123',
    );
    assert.match(eventPortalUrl('X', 'PlannedMaintenance'), /~\/plannedMaintenance\/trackingId\/X$/);
    assert.match(eventPortalUrl('X', 'HealthAdvisory'), /~\/healthAdvisories\/trackingId\/X$/);
    assert.match(eventPortalUrl('X', 'SomethingNew'), /~\/serviceIssues\/trackingId\/X$/);
    assert.match(eventPortalUrl('X', undefined), /~\/serviceIssues\/trackingId\/X$/);
  });

  it('encodes the tracking id and honours a sovereign portal', () => {
    assert.equal(
      eventPortalUrl('a/b#c', 'ServiceIssue', 'https://portal.azure.us'),
      'https://portal.azure.us/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/serviceIssues/trackingId/a%2Fb%23c',
    );
  });
});
