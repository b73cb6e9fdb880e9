/** The sample's emerging issues (`GET /providers/Microsoft.ResourceHealth/emergingIssues/default`). Why: docs/architecture.md#sample-emergingissues */
import type { EmergingIssues, StatusActiveEvent } from '../model/eventResourceSchemas';
import type { GeneratedEvent } from './generator';

export function emergingIssuesBody(events: readonly GeneratedEvent[], refreshTime: number): EmergingIssues {
  const active: StatusActiveEvent[] = events
    .map((g) => g.event)
    .filter((e) => e.properties?.eventType === 'EmergingIssues' && e.properties.status === 'Active')
    .map((e) => {
      const p = e.properties;
      const level = p?.eventLevel ?? '';
      return {
        title: p?.title ?? '',
        description: p?.summary ?? '',
        trackingId: e.name ?? '',
        startTime: p?.impactStartTime ?? '',
        cloud: 'Public',
        severity: level === 'Critical' || level === 'Error' ? 'Error' : level === 'Warning' ? 'Warning' : 'Information',
        stage: 'Active',
        published: true,
        lastModifiedTime: p?.lastUpdateTime ?? '',
        impacts: (p?.impact ?? []).map((i) => ({
          id: i.impactedServiceGuid ?? '',
          name: i.impactedService ?? '',
          regions: (i.impactedRegions ?? []).map((r) => ({ id: (r.impactedRegion ?? '').toLowerCase().replace(/[^a-z0-9]/g, ''), name: r.impactedRegion ?? '' })),
        })),
      };
    });
  const banners =
    active.length > 0
      ? [{ title: 'Emerging issue under investigation', message: `${active.length} emerging issue${active.length === 1 ? ' is' : 's are'} being investigated; see the active events.`, cloud: 'Public', lastModifiedTime: new Date(refreshTime).toISOString() }]
      : [];
  return {
    id: '/providers/Microsoft.ResourceHealth/emergingIssues/default',
    name: 'default',
    type: 'Microsoft.ResourceHealth/emergingIssues',
    properties: { refreshTimestamp: new Date(refreshTime).toISOString(), statusBanners: banners, statusActiveEvents: active },
  };
}
