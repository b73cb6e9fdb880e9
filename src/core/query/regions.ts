import { regionKey } from './normalize';

/**
 * Azure region display names as Service Health reports them in `impactedRegion`, used when the
 * caller has no list of its own. "Global" is what non-regional services report.
 */
export const DEFAULT_REGIONS: readonly string[] = [
  'Global',
  'East US', 'East US 2', 'East US 3', 'Central US', 'North Central US', 'South Central US', 'West Central US',
  'West US', 'West US 2', 'West US 3', 'Canada Central', 'Canada East', 'Mexico Central',
  'Brazil South', 'Brazil Southeast', 'Chile Central',
  'North Europe', 'West Europe', 'UK South', 'UK West', 'France Central', 'France South',
  'Germany West Central', 'Germany North', 'Switzerland North', 'Switzerland West', 'Norway East', 'Norway West',
  'Sweden Central', 'Sweden South', 'Poland Central', 'Italy North', 'Spain Central', 'Austria East',
  'Belgium Central', 'Denmark East',
  'UAE North', 'UAE Central', 'Qatar Central', 'Israel Central', 'Saudi Arabia East',
  'South Africa North', 'South Africa West',
  'Central India', 'South India', 'West India', 'Jio India West', 'Jio India Central',
  'East Asia', 'Southeast Asia', 'Japan East', 'Japan West', 'Korea Central', 'Korea South',
  'Indonesia Central', 'Malaysia West', 'Taiwan North',
  'Australia East', 'Australia Southeast', 'Australia Central', 'Australia Central 2', 'New Zealand North',
  'US Gov Virginia', 'US Gov Arizona', 'US Gov Texas', 'US DoD East', 'US DoD Central',
  'China East', 'China East 2', 'China East 3', 'China North', 'China North 2', 'China North 3',
];

/** Region key → display name. The first spelling of a key wins. */
export function buildRegionIndex(knownRegions: readonly string[] | undefined): Map<string, string> {
  const index = new Map<string, string>();
  for (const name of knownRegions ?? DEFAULT_REGIONS) {
    const key = regionKey(name);
    if (key && !index.has(key)) {
      index.set(key, name);
    }
  }
  return index;
}
