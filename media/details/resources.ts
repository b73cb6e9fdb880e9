/**
 * The details panel's "Impacted resources" section: resource groups, each listing its resources
 * (name, type, region, and its current health when the Resources view listed it). Text only (textContent); resource links are portal URLs the host built
 * and opens after checking them again (the page's click handler sends them to the host).
 */
import type { ResourcesView } from '../../src/core/render/resourcesView';

type Child = Node | string | null | undefined | false;

/** The page's element helpers (main.ts), so this section looks like the others. */
export interface SectionKit {
  h<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, ...children: Child[]): HTMLElementTagNameMap[K];
  icon(name: string): HTMLElement;
  section(title: string, iconName: string, ...children: Child[]): HTMLElement;
}

/** The tone (icon colour) of a health icon; the state's word stays in the foreground colour. */
const TONES: Readonly<Record<string, string>> = { error: 'tone-error', warning: 'tone-warning', pass: 'tone-success' };

export function renderImpactedResources(view: ResourcesView | undefined, kit: SectionKit): HTMLElement | undefined {
  if (!view) {
    return undefined;
  }
  const { h, icon, section } = kit;
  let s: HTMLElement;
  if (view.state === 'loading') {
    s = section('Impacted resources', 'symbol-namespace', h('p', 'muted', icon('loading'), ' Loading impacted resources…'));
  } else if (view.state === 'error') {
    s = section('Impacted resources', 'symbol-namespace', h('p', 'resources-error', icon('error'), ' ', view.message));
  } else if (view.count === 0) {
    s = section('Impacted resources (0)', 'symbol-namespace', h('p', 'muted', 'None of your resources are listed as impacted by this event.'));
  } else {
    const groups = h('ul', 'services');
    for (const g of view.groups) {
      const list = h('ul', 'regions');
      for (const r of g.resources) {
        let name: HTMLElement;
        if (r.url) {
          const a = h('a', undefined, r.name);
          a.href = r.url;
          a.title = 'Open in Azure portal';
          name = a;
        } else {
          name = h('span', undefined, r.name);
        }
        const meta = [r.type, r.region, r.subscription].filter(Boolean).join(' · ');
        // Health only when the Resources view listed this resource: unknown shows nothing, never "Available".
        const health = r.health ? h('span', `resource-health ${TONES[r.health.icon] ?? 'tone-neutral'}`, icon(r.health.icon), ' ', r.health.state) : null;
        const li = h('li', 'region resource', h('span', 'region-name', icon('symbol-field'), ' ', name), meta ? h('span', 'muted small', meta) : null, health);
        if (r.fullType) {
          li.title = r.fullType;
        }
        list.append(li);
      }
      groups.append(h('li', 'service resource-group', h('h3', undefined, icon('symbol-namespace'), ' ', g.name, h('span', 'muted small', ` (${g.resources.length})`)), list));
    }
    s = section(`Impacted resources (${view.count})`, 'symbol-namespace', groups, view.partialError ? h('p', 'muted', icon('warning'), ' Some subscriptions could not be listed: ', view.partialError) : null);
  }
  s.classList.add('impacted-resources');
  return s;
}
