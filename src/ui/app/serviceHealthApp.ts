/**
 * The composition root: one registration per feature (src/ui/app/wiring), in dependency order;
 * no part reaches one declared after it (later parts subscribe to the events of earlier ones).
 * It owns every disposable the features register and releases them in reverse order on deactivate.
 */
import type * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import { offerReloadWhenBundleMissing } from '../base/bundleReload';
import { AppState } from './appState';
import { registerAgents } from './wiring/agents';
import { registerChat } from './wiring/chat';
import { registerCommands } from './wiring/commands';
import { registerConnection, registerLog } from './wiring/connection';
import { registerDetails } from './wiring/details';
import { registerEvents } from './wiring/events';
import { registerInfra } from './wiring/infra';
import { registerHealth } from './wiring/health';
import { registerHealthPanel } from './wiring/healthPanel';
import { registerLifecycle } from './wiring/lifecycle';
import { EventNavigation } from './wiring/navigation';
import { registerQuery } from './wiring/query';
import { registerQuota } from './wiring/quota';
import { registerRefresh } from './wiring/refresh';
import type { Register } from './wiring/register';
import type { ServiceHealthApi } from './serviceHealthApi';
import { loadTestApi, testApiFor } from './testApi';
import { openWalkthroughOnce } from './walkthrough';
import type { TestApiParts } from './testApiBundle';

export type { SampleTestOptions, ServiceHealthApi } from './serviceHealthApi';

export class ServiceHealthApp extends Disposable {
  private readonly logRecord: string[] = [];
  private readonly parts: TestApiParts;

  constructor(context: vscode.ExtensionContext) {
    super();
    const started = performance.now();
    const register: Register = (d) => this._register(d);
    register(offerReloadWhenBundleMissing());
    const state = new AppState(context.workspaceState);
    const log = registerLog(register, context, this.logRecord);
    // Test mode only: what useSampleService asks the sample service to serve (the test API's bundle holds it).
    const sampleOptions = testApiFor(context.extensionMode, () => new (loadTestApi().SampleTestOptionsHolder)());
    const connection = registerConnection(register, { context, log, state, ...(sampleOptions ? { sampleOptions: () => sampleOptions.current } : {}) });
    const events = registerEvents(register, { context, log, state, connection });
    // Each part below subscribes, in its own wiring, to what the events and the lifecycle publish.
    const lifecycle = registerLifecycle(register, { state, log, connection, events });
    const details = registerDetails(register, { context, log, state, connection, events, lifecycle });
    const navigation = new EventNavigation({ events, details, log });
    registerQuota(register, { log, connection, events, lifecycle });
    const health = registerHealth(register, { context, log, state, connection, events, details, lifecycle });
    registerHealthPanel(register, { context, log, state, connection, events, lifecycle, health });
    registerRefresh(register, { state, connection, events, lifecycle, navigation });
    const queries = registerQuery(register, { context, log, connection, events, details, navigation });
    registerCommands(register, { state, log, connection, events, lifecycle, navigation, queries });
    const infra = registerInfra(register, { context, log, state, connection, events, queries, health });
    const chat = registerChat(register, { context, log, state, connection, events }, { health, infra: infra.infra });
    const agents = registerAgents(register, { context, log, state, connection, events, infra, health });
    lifecycle.start();
    // After activation, not inside it: opening an editor is not part of starting.
    setTimeout(() => openWalkthroughOnce(context, log), 0);
    const constructedMs = performance.now() - started;
    this.parts = { context, state, logRecord: this.logRecord, constructedMs, sampleOptions, connection, events, details, navigation, lifecycle, queries, chat, agents };
  }

  /** The test API (see {@link ServiceHealthApi}). */
  api(): ServiceHealthApi {
    return loadTestApi().buildTestApi(this.parts);
  }
}
