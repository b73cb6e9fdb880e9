/** What goes wrong in sample events (cause, fix) and what customers of each service notice. */

export interface Cause {
  readonly reason: string;
  readonly what: string;
  readonly fix: string;
  readonly fixed: string;
}

export const CAUSES: readonly Cause[] = [
  {
    reason: 'Configuration change',
    what: 'a configuration change to a backend component, deployed as part of a routine update',
    fix: 'rolling back the configuration change region by region',
    fixed: 'rolled back the configuration change',
  },
  {
    reason: 'Hardware failure',
    what: 'a hardware failure in a storage scale unit that the service depends on',
    fix: 'moving traffic off the affected hardware',
    fixed: 'moved traffic off the affected hardware and replaced the failed components',
  },
  {
    reason: 'Networking issue',
    what: 'packet loss on a subset of network devices in the region',
    fix: 'rerouting traffic away from the affected network devices',
    fixed: 'rerouted traffic away from the affected network devices',
  },
  {
    reason: 'Dependency failure',
    what: 'degraded performance of a backend dependency that handles metadata requests',
    fix: 'scaling out the dependency and restarting unhealthy instances',
    fixed: 'scaled out the dependency and restarted unhealthy instances',
  },
];

/** What customers of a service notice: a short phrase and a sentence of detail. */
export const SYMPTOMS: Readonly<Record<string, readonly [string, string]>> = {
  'Virtual Machines': ['failures when creating, starting or resizing virtual machines', 'Create, start, resize and redeploy operations may fail with InternalServerError or time out. Running virtual machines are not affected.'],
  'SQL Database': ['login failures and connection timeouts', 'New connections may fail with error 40613 (database unavailable). Established connections continue to work.'],
  Storage: ['elevated latency and timeouts for blob, file and queue requests', 'Read and write requests may take several seconds or fail with HTTP 503 (ServerBusy).'],
  'App Service': ['HTTP 5xx errors and slow responses from web apps', 'Deployments and scale operations may also fail. Apps on Premium plans with several instances are less affected.'],
  'Azure Kubernetes Service': ['failures when creating, upgrading or scaling clusters', 'Cluster management operations may fail or remain in progress. Running workloads are not affected.'],
  'Cosmos DB': ['increased latency and intermittent HTTP 503 errors', 'Data-plane requests may be retried by the SDK and take longer; some requests may fail after retries.'],
  'Key Vault': ['failures when retrieving secrets, keys and certificates', 'Requests may fail with HTTP 500 or time out. Applications that cache secrets are less affected.'],
  'Azure Functions': ['delayed or failed function executions', 'Triggers may build a backlog; timer-triggered functions may run late.'],
  'Virtual Network': ['intermittent packet loss between virtual networks', 'Traffic over virtual network peering and VPN gateways may see connection resets.'],
  'Azure Monitor': ['delayed metrics and log data', 'Alerts based on the delayed data may fire late. No data is lost.'],
  'Azure Front Door': ['intermittent HTTP 502 and 504 errors', 'Requests routed through Front Door may fail or see added latency; origins are not affected.'],
  'Event Hubs': ['send and receive failures', 'Producers may see ServerBusy errors; consumers may see increased end-to-end latency.'],
  'Service Bus': ['message send failures and delayed delivery', 'Send operations may time out; messages already accepted are not lost.'],
  'Azure Database for PostgreSQL': ['connection failures and failed management operations', 'New connections may be refused; create, scale and restart operations may fail.'],
  'Microsoft Entra ID': ['sign-in failures and delayed token issuance', 'Users may be asked to sign in again; service-to-service token requests may time out.'],
  'Azure Container Registry': ['image pull and push failures', 'Pulls may fail with HTTP 500; deployments that pull images at start-up may be delayed.'],
  'Application Gateway': ['HTTP 502 errors and failing backend health probes', 'Backends may be marked unhealthy even though they respond.'],
  'Azure Cache for Redis': ['connection timeouts and failed cache operations', 'Clients may see timeout exceptions and reconnects.'],
};
export const DEFAULT_SYMPTOM: readonly [string, string] = ['failures and increased latency', 'Requests and management operations may fail or take longer than usual.'];
