/** Terminal formatting of impacted resources and emerging issues for the CLI. */
import { resourceGroupOf, resourceNameOf, type EmergingIssues, type ImpactedResource } from '../model/eventResources';
import { htmlToText, terminalText } from '../text/htmlText';
import { shortTime, table } from './format';

/** The resource type, from targetResourceType or an info pair. */
function typeOf(resource: ImpactedResource): string {
  const p = resource.properties;
  const info = Array.isArray(p?.info) ? p.info.find((i) => /type/i.test(i.key ?? ''))?.value : undefined;
  return p?.targetResourceType ?? info ?? '';
}

/** NAME, TYPE, RESOURCE GROUP, REGION; sorted by resource group, then name. */
export function impactedResourcesTable(resources: readonly ImpactedResource[]): string {
  const rows = resources.map((r) => [
    terminalText(resourceNameOf(r)) || '-',
    terminalText(typeOf(r)) || '-',
    terminalText(resourceGroupOf(r)) || '-',
    terminalText(r.properties?.targetRegion) || '-',
  ]);
  rows.sort((a, b) => (a[2] ?? '').localeCompare(b[2] ?? '') || (a[0] ?? '').localeCompare(b[0] ?? ''));
  return table(['NAME', 'TYPE', 'RESOURCE GROUP', 'REGION'], rows);
}

/** Banners first (one line each), then one row per active emerging issue. */
export function emergingIssuesText(body: EmergingIssues): string {
  const banners = (body.properties?.statusBanners ?? []).map((b) => `${htmlToText(b.title).replace(/\s+/g, ' ') || 'Notice'}: ${htmlToText(b.message)}`);
  const active = body.properties?.statusActiveEvents ?? [];
  const rows = active.map((e) => {
    const impacts = e.impacts ?? [];
    const services = impacts.map((i) => terminalText(i.name)).filter((s) => s !== '');
    const regions = [...new Set(impacts.flatMap((i) => (i.regions ?? []).map((r) => terminalText(r.name))).filter((s) => s !== ''))];
    return [terminalText(e.severity) || '-', terminalText(e.trackingId) || '-', shortTime(e.startTime), services.join(', ') || '-', regions.join(', ') || '-', terminalText(e.title) || '-'];
  });
  const parts = [...banners.map((b) => `${b}\n`)];
  if (rows.length > 0) {
    parts.push((banners.length > 0 ? '\n' : '') + table(['SEVERITY', 'TRACKING ID', 'STARTED', 'SERVICES', 'REGIONS', 'TITLE'], rows));
  }
  return parts.join('');
}
