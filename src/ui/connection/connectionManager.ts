/**
 * The current way to the service: Azure (ARM of the chosen cloud, or the validated endpoint
 * override, with the signed-in token) or the embedded sample service (a real loopback HTTP server
 * started inside the extension, with its own token). One ThrottledClient per connection; switching
 * closes the old client, and leaving sample mode stops the sample server.
 */
import * as vscode from 'vscode';
import { HealthEventsApi } from '../../core/api/healthEventsApi';
import { ThrottledClient } from '../../core/http/client';
import { describeNetwork, type NetworkConfig, type ProxySettings } from '../../core/http/network';
import { NetworkCache } from '../../core/http/networkCache';
import type { SampleService, SampleServiceOptions } from '../../core/sample';
import type { SubscriptionNamer } from '../../core/subscriptions/names';
import { startSampleService } from './lazySample';
import type { AzureAuth } from '../auth/azureAuth';
import { Disposable } from '../base/disposable';
import { checkEndpoint, cloudConfig } from '../config/clouds';
import { NetworkProblemReporter, readProxySettings } from '../config/network';
import type { Mode, ServiceHealthSettings } from '../config/settings';
import { errorText } from '../../core/text/errorText';
import { isBundleMissingError } from '../../core/bundles/bundleLoader';

export interface Connection {
  readonly mode: Mode;
  /** Distinguishes caches and remembered selections: mode, cloud, origin, account and tenant. */
  readonly identity: string;
  readonly origin: string;
  readonly portalUrl: string;
  readonly client: ThrottledClient;
  readonly api: HealthEventsApi;
  /** Subscription names for messages; give it to every API object made for this connection. */
  readonly subscriptionName: SubscriptionNamer;
  /** Sample mode only: the subscriptions the sample service serves. */
  readonly sampleSubscriptionIds?: readonly string[];
}

export class ConnectionManager extends Disposable {
  private connection: Connection | undefined;
  private sample: SampleService | undefined;
  private problem: string | undefined;
  /**
   * The extension's sample shows about as many events as a busy estate sees in a month (the
   * service's own default of 300 is for the CLI and load tests): enough of every type and
   * state to explore, few enough to read.
   */
  private static readonly SAMPLE_EVENTS = 150;
  private queue: Promise<void> = Promise.resolve();
  /** Fingerprint of the network set-up the Azure client was made with (a hash: it covers the proxy authorization). */
  private networkKey: string | undefined;
  private readonly networkProblems: NetworkProblemReporter;
  private readonly changed = this._register(new vscode.EventEmitter<Connection | undefined>());
  readonly onDidChange = this.changed.event;
  /**
   * Names subscriptions in API error messages; the app sets it to the names SubscriptionSelection
   * listed (they belong to a connection, so they are known only after one exists).
   */
  subscriptionName: SubscriptionNamer = () => undefined;
  private readonly nameOf: SubscriptionNamer = (id) => this.subscriptionName(id);

  constructor(
    private readonly auth: AzureAuth,
    private readonly log: vscode.LogOutputChannel,
    /** VS Code's http.* settings; the environment fills in when http.proxy is empty. */
    private readonly proxySettings: () => ProxySettings = readProxySettings,
    /** Keeps the resolved network while the http.* settings and proxy variables stay the same. */
    private readonly networkCache: NetworkCache = new NetworkCache(),
    /** What the embedded sample service serves (events, seed, token), read at each start; the extension's own sample by default. */
    private readonly sampleOptions: () => Omit<SampleServiceOptions, 'port' | 'host'> = () => ({}),
  ) {
    super();
    this.networkProblems = new NetworkProblemReporter(log);
    this._register({ dispose: () => void this.shutdown() });
  }

  get current(): Connection | undefined {
    return this.connection;
  }

  /** Why there is no connection (an invalid endpoint setting, a sample server that failed), if so. */
  get configurationProblem(): string | undefined {
    return this.problem;
  }

  /** Base URL of the running sample service, if any. */
  get sampleUrl(): string | undefined {
    return this.sample?.url;
  }

  /** The running sample service, if any (tests inject faults through it). */
  get sampleService(): SampleService | undefined {
    return this.sample;
  }

  /**
   * Replaces a sample service that stopped (or was asked to restart) with a new one on a new port,
   * with the options it was started with (sampleOptions). Queued like apply(); a failure to start is left
   * in configurationProblem.
   */
  restartSampleService(settings: ServiceHealthSettings): Promise<void> {
    const next = this.queue.then(async () => {
      if (settings.mode !== 'sample') {
        return;
      }
      await this.stopSample();
      await this.applyNow(settings);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every apply queued so far has run. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Brings the connection in line with the settings and sign-in state; calls run one at a time. */
  apply(settings: ServiceHealthSettings): Promise<void> {
    const next = this.queue.then(() => this.applyNow(settings));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async applyNow(settings: ServiceHealthSettings): Promise<void> {
    if (this.isDisposed) {
      return;
    }
    this.problem = undefined;
    if (settings.mode === 'sample') {
      await this.useSample();
      return;
    }
    await this.stopSample();
    const cloud = cloudConfig(settings.cloud);
    let origin = cloud.managementUrl;
    if (settings.endpoint) {
      const check = checkEndpoint(settings.endpoint);
      if (!check.ok) {
        this.problem = check.message;
        this.log.error(check.message);
        this.replace(undefined);
        return;
      }
      origin = check.origin;
    }
    // A tenant is part of it (one account can see other subscriptions in another tenant); none keeps the older key.
    const identity = `azure|${cloud.name}|${origin}|${this.auth.accountId ?? ''}${settings.tenant ? `|${settings.tenant.toLowerCase()}` : ''}`;
    const { config: network, fingerprint: networkKey } = this.networkCache.get(this.proxySettings(), process.env);
    if (this.connection?.identity === identity && this.networkKey === networkKey) {
      return;
    }
    if (this.networkKey !== networkKey) {
      this.log.info(describeNetwork(network));
      this.networkProblems.report(network.problems);
    }
    this.networkKey = networkKey;
    const client = new ThrottledClient({ origin, tokenProvider: this.auth.tokenProvider, network, log: (line) => this.log.debug(line) });
    this.replace({
      mode: 'azure',
      identity,
      origin,
      portalUrl: cloud.portalUrl,
      client,
      api: new HealthEventsApi({ client, origin, subscriptionName: this.nameOf }),
      subscriptionName: this.nameOf,
    });
  }

  private async useSample(): Promise<void> {
    if (this.connection?.mode === 'sample' && this.sample) {
      return;
    }
    try {
      this.sample ??= await startSampleService({ events: ConnectionManager.SAMPLE_EVENTS, ...this.sampleOptions(), port: 0 });
    } catch (error) {
      this.problem = isBundleMissingError(error) ? error.message : vscode.l10n.t('The sample service could not start ({0}); select Restart Sample Service, or reload the window if that fails too.', errorText(error));
      this.log.error(this.problem);
      this.replace(undefined);
      return;
    }
    this.networkKey = undefined;
    const sample = this.sample;
    this.log.info(`Sample service listening on ${sample.url}.`);
    // No network option: the sample service is on loopback and is always reached directly.
    const client = new ThrottledClient({
      origin: sample.url,
      // The sample service's own random token: it only ever goes to this loopback origin.
      tokenProvider: { getToken: () => Promise.resolve(sample.token) },
      log: (line) => this.log.debug(line),
    });
    this.replace({
      mode: 'sample',
      identity: `sample|${sample.url}`,
      origin: sample.url,
      portalUrl: cloudConfig('AzureCloud').portalUrl,
      client,
      api: new HealthEventsApi({ client, origin: sample.url, subscriptionName: this.nameOf }),
      subscriptionName: this.nameOf,
      sampleSubscriptionIds: [...sample.subscriptionIds],
    });
  }

  /** The network set-up the current settings and environment give (resolved again only after they change). */
  network(): NetworkConfig {
    return this.networkCache.get(this.proxySettings(), process.env).config;
  }

  private replace(next: Connection | undefined): void {
    const previous = this.connection;
    this.connection = next;
    if (previous) {
      void previous.client.close().catch((e: unknown) => this.log.debug(`Closing the previous client: ${String(e)}`));
    }
    if (previous !== next) {
      this.changed.fire(next);
    }
  }

  private async stopSample(): Promise<void> {
    const sample = this.sample;
    this.sample = undefined;
    if (sample) {
      await sample.close().catch((e: unknown) => this.log.warn(`Stopping the sample service: ${String(e)}`));
      this.log.info('Sample service stopped.');
    }
  }

  private async shutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.client.close().catch(() => undefined);
    await this.stopSample();
  }
}
