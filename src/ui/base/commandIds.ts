/**
 * Every command id and context key of the extension: the names package.json shares with the code.
 * VS Code-free so that a unit test can compare them with package.json, both ways.
 */

export const Command = {
  refresh: 'serviceHealth.refresh',
  filter: 'serviceHealth.filter',
  clearFilter: 'serviceHealth.clearFilter',
  groupBy: 'serviceHealth.groupBy',
  signIn: 'serviceHealth.signIn',
  cancelSignIn: 'serviceHealth.cancelSignIn',
  signOut: 'serviceHealth.signOut',
  selectSubscriptions: 'serviceHealth.selectSubscriptions',
  useSampleService: 'serviceHealth.useSampleService',
  useAzure: 'serviceHealth.useAzure',
  restartSampleService: 'serviceHealth.restartSampleService',
  openEndpointSetting: 'serviceHealth.openEndpointSetting',
  markAllSeen: 'serviceHealth.markAllSeen',
  copyTrackingId: 'serviceHealth.copyTrackingId',
  openDetails: 'serviceHealth.openDetails',
  showLog: 'serviceHealth.showLog',
  showQuota: 'serviceHealth.showQuota',
  queryEvents: 'serviceHealth.queryEvents',
  filterByQuery: 'serviceHealth.filterByQuery',
  openResourceInPortal: 'serviceHealth.openResourceInPortal',
  revealInAzureResources: 'serviceHealth.revealInAzureResources',
  copyEventMarkdown: 'serviceHealth.copyEventMarkdown',
  exportImpactedResourcesCsv: 'serviceHealth.exportImpactedResourcesCsv',
  retryImpactedResources: 'serviceHealth.retryImpactedResources',
  showMoreEvents: 'serviceHealth.showMoreEvents',
  retryTreeRows: 'serviceHealth.retryTreeRows',
  askInChat: 'serviceHealth.askInChat',
  copyResourceId: 'serviceHealth.copyResourceId',
  showResourceHealth: 'serviceHealth.showResourceHealth',
  showWorkspaceEvents: 'serviceHealth.showWorkspaceEvents',
  chooseDeploymentRegion: 'serviceHealth.chooseDeploymentRegion',
  filterResources: 'serviceHealth.filterResources',
  clearResourceFilter: 'serviceHealth.clearResourceFilter',
} as const;

export type CommandId = (typeof Command)[keyof typeof Command];

/** Commands registered but not contributed in package.json, each with the reason. */
export const INTERNAL_COMMANDS: Readonly<Partial<Record<CommandId, string>>> = {
  [Command.showMoreEvents]: 'run only by the "Show more" tree row, with the group and page size only that row knows',
  [Command.retryTreeRows]: 'run only by a tree error row, with the retry only that row holds',
};

export const ContextKey = {
  mode: 'serviceHealth.mode',
  signedIn: 'serviceHealth.signedIn',
  signingIn: 'serviceHealth.signingIn',
  hasSubscriptions: 'serviceHealth.hasSubscriptions',
  empty: 'serviceHealth.empty',
  filtered: 'serviceHealth.filtered',
  /** The Resources view has a filter (Filter Resources…). */
  resourcesFiltered: 'serviceHealth.resourcesFiltered',
  stale: 'serviceHealth.stale',
  endpointUnreachable: 'serviceHealth.endpointUnreachable',
  /** The Azure Resources extension is installed (its Reveal command exists). */
  azureResourcesInstalled: 'serviceHealth.azureResourcesInstalled',
  /** `@health` answered a question in this window (completes the walkthrough's Ask @health step). */
  chatAnswered: 'serviceHealth.chatAnswered',
  /** An event's details were shown in this window (completes the walkthrough's Open an event step). */
  eventOpened: 'serviceHealth.eventOpened',
  /** A template's hover named an event, or the events this workspace touches were listed (completes the walkthrough's templates step). */
  templatesChecked: 'serviceHealth.templatesChecked',
} as const;

export type ContextKeyName = (typeof ContextKey)[keyof typeof ContextKey];

/** Context keys set but used by no `when` clause of package.json, each with the reason. */
export const INTERNAL_CONTEXT_KEYS: Readonly<Partial<Record<ContextKeyName, string>>> = {
  [ContextKey.stale]: "the last refresh failed and older results show: for users' own keybinding `when` clauses",
};
