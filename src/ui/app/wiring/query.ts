/** "Query Events…" and "Filter Events by Query…", and the palette's search of the service beyond the held window. */
import * as vscode from 'vscode';
import type { StoredEvent } from '../../../core/events/eventFacts';
import { trackingIdOrUndefined } from '../../../core/events/eventFacts';
import type { ServerQuery } from '../../../core/query';
import type { EventDetailsPanels } from '../../details/eventDetailsPanels';
import { QueryCommands } from '../../query/queryCommands';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { EventNavigation } from './navigation';
import type { Register } from './register';

export function registerQuery(
  register: Register,
  deps: {
    readonly context: vscode.ExtensionContext;
    readonly log: vscode.LogOutputChannel;
    readonly connection: ConnectionParts;
    readonly events: EventsParts;
    readonly details: Pick<EventDetailsPanels, 'show'>;
    readonly navigation: EventNavigation;
  },
): QueryCommands {
  const { context, log } = deps;
  const { controller, impacted } = deps.events;
  // A view query reading the impacted resources (impacted:yes, health:unavailable) has them listed, again after each load.
  const listForView = (): void => {
    const reads = controller.query?.readsImpactedResources(controller.store.getEvents(), Date.now());
    if (reads) void impacted.listActive(reads === 'health');
  };
  register(controller.onDidLoad(listForView));
  return register(
    new QueryCommands({
      events: () => controller.store.getEvents(),
      openDetails: async (ref, event) => {
        // Events the palette fetched beyond the held window are not in the store: show them as given.
        if (event && !controller.store.getEvent(ref.subscriptionId, ref.trackingId)) {
          deps.details.show(ref, event);
          return true;
        }
        return deps.navigation.openDetailsAndReveal(ref);
      },
      fetchEvents: (server, signal) => fetchEvents(deps, server, signal),
      setTreeQuery: (q) => {
        controller.setQuery(q);
        listForView();
      },
      listImpacted: (health) => impacted.listActive(health),
      windowDays: () => controller.filter.windowDays,
      // Read at each use: the templates' reader adds its part later.
      facts: () => controller.facts,
      subscriptionName: deps.events.subscriptionName,
      workspaceState: context.workspaceState,
      globalState: context.globalState,
      log,
    }),
  );
}

/** One listing for a query reaching past the held window; not merged into the store (its window stays). */
async function fetchEvents(
  deps: { readonly log: vscode.LogOutputChannel; readonly connection: ConnectionParts; readonly events: EventsParts },
  server: ServerQuery,
  signal: AbortSignal,
): Promise<StoredEvent[]> {
  const { controller } = deps.events;
  const c = deps.connection.connections.current;
  const ids = controller.subscriptionIds();
  if (!c || controller.phase() !== 'ready' || ids.length === 0) {
    throw new Error(vscode.l10n.t('Connect to a service and select subscriptions first, then search again.'));
  }
  const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Searching Service Health events…') }, () =>
    c.api.listEventsForSubscriptions(ids, { ...(server.filter ? { filter: server.filter } : {}), ...(server.queryStartTime ? { queryStartTime: new Date(server.queryStartTime) } : {}), signal }),
  );
  const failed = results.filter((r) => r.error);
  if (failed.length === results.length && failed[0]?.error) {
    throw failed[0].error;
  }
  for (const f of failed) {
    deps.log.warn(`Query search, subscription ${f.subscriptionId}: ${f.error?.message ?? 'failed'}`);
  }
  return results.flatMap((r) =>
    r.events.flatMap((event) => {
      const trackingId = trackingIdOrUndefined(event);
      return trackingId ? [{ subscriptionId: r.subscriptionId, trackingId, event }] : [];
    }),
  );
}
