import type { HealthEvent } from '../../../src/core/model/schemas';
import { emptyFields, emptyQuery, type ParsedQuery, type QueryFields } from '../../../src/core/query';

/** Wednesday 25 November 2026, 15:30 UTC. */
export const NOW = Date.UTC(2026, 10, 25, 15, 30);
export const DAY = 86_400_000;
export const TODAY = Date.UTC(2026, 10, 25);
export const MONDAY = Date.UTC(2026, 10, 23);

export function query(partial: Partial<Omit<ParsedQuery, 'exclude'>> & { exclude?: Partial<QueryFields> } = {}): ParsedQuery {
  return { ...emptyQuery(), ...partial, exclude: { ...emptyFields(), ...partial.exclude } };
}

export interface EventSpec {
  name?: string;
  type?: string;
  subType?: string;
  status?: string;
  level?: string;
  insightLevel?: string;
  title?: string;
  summary?: string;
  header?: string;
  priority?: number;
  lastUpdate?: string;
  impactStart?: string;
  sensitive?: boolean;
  hir?: boolean;
  tags?: string[];
  impact?: Array<{ service: string; regions: string[] }>;
}

export function event(spec: EventSpec): HealthEvent {
  return {
    name: spec.name ?? 'AAAA-111',
    properties: {
      eventType: spec.type,
      eventSubType: spec.subType,
      status: spec.status,
      eventLevel: spec.level,
      level: spec.insightLevel,
      title: spec.title,
      summary: spec.summary,
      header: spec.header,
      priority: spec.priority,
      lastUpdateTime: spec.lastUpdate,
      impactStartTime: spec.impactStart,
      isEventSensitive: spec.sensitive,
      isHIR: spec.hir,
      eventTags: spec.tags,
      impact: spec.impact?.map((i) => ({
        impactedService: i.service,
        impactedRegions: i.regions.map((r) => ({ impactedRegion: r })),
      })),
    },
  };
}
