// The value lists of impacted resources and emerging issues: no imports, so the schemas and eventResources.ts both build on it without a circle.
export const IMPACTED_RESOURCE_STATUSES = ['Active', 'Resolved'] as const;
export const EMERGING_ISSUE_SEVERITIES = ['Information', 'Warning', 'Error'] as const;
export const EMERGING_ISSUE_STAGES = ['Active', 'Resolve', 'Archived'] as const;
