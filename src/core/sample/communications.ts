/**
 * Texts of the sample events, modelled on Azure Service Health communications: a one-sentence
 * impact statement (summary), the full communication (description: impact statement, current
 * status, workaround, next update, links), an article only where Azure publishes one (PIRs,
 * retirements), and one update per communication, in time order.
 */
import type { KnownEventStatus, KnownEventType } from '../model/schemas';
import { eventSubTypeWords } from '../render/enumWords';

export interface CommunicationContext {
  readonly type: KnownEventType;
  readonly status: KnownEventStatus;
  readonly subType: string | undefined;
  readonly service: string;
  readonly regions: readonly string[];
  readonly trackingId: string;
  readonly cause: Cause;
  readonly impactStart: number;
  /** Mitigation (resolved) or planned end (maintenance). */
  readonly impactEnd: number | undefined;
  /** Update times, oldest first; the last is the event's last update. */
  readonly updateTimes: readonly number[];
  /** RCA events: whether the final PIR is out (else the preliminary one). */
  readonly finalPir: boolean;
}

export interface Communication {
  readonly title: string;
  readonly summary: string;
  readonly description: string;
  readonly article?: string;
  /** One text per update time, oldest first. */
  readonly updates: readonly string[];
}

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
const SYMPTOMS: Readonly<Record<string, readonly [string, string]>> = {
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
const DEFAULT_SYMPTOM: readonly [string, string] = ['failures and increased latency', 'Requests and management operations may fail or take longer than usual.'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

// ISO date parts by day: 10,000 events format many times, mostly on few distinct days.
const dateCache = new Map<number, string>();
function dateText(ms: number): string {
  const day = Math.floor(ms / DAY);
  let text = dateCache.get(day);
  if (text === undefined) {
    const d = new Date(day * DAY);
    text = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    dateCache.set(day, text);
  }
  return text;
}
const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
/** "14:05 UTC on 21 Nov 2026", the way Azure communications write times. */
function when(ms: number): string {
  const minutes = Math.floor((ms % DAY) / MINUTE);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)} UTC on ${dateText(ms)}`;
}
function regionList(regions: readonly string[]): string {
  return regions.length <= 1 ? (regions[0] ?? '') : `${regions.slice(0, -1).join(', ')} and ${regions[regions.length - 1]}`;
}
const p = (label: string, text: string): string => `<p><strong>${label}:</strong> ${text}</p>`;
const ul = (items: readonly string[]): string => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const a = (href: string, text: string): string => `<a href="${href}">${text}</a>`;
const STAY_INFORMED = `<p>Stay informed about Azure service issues by ${a('https://aka.ms/ash-alerts', 'creating custom Service Health alerts')}, or check ${a('https://azure.status.microsoft/status', 'Azure status')}.</p>`;

function docsFor(service: string): string {
  return `https://learn.microsoft.com/azure/${service.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

export function communicationFor(c: CommunicationContext): Communication {
  switch (c.type) {
    case 'ServiceIssue':
    case 'EmergingIssues':
      return serviceIssue(c);
    case 'PlannedMaintenance':
      return maintenance(c);
    case 'HealthAdvisory':
      return c.subType === 'Retirement' ? retirement(c) : advisory(c);
    case 'SecurityAdvisory':
      return security(c);
    case 'Billing':
      return billing(c);
    case 'RCA':
      return rca(c);
  }
}

/** Oldest first; each text says what changed at its time, so the merged timeline reads in order. */
function serviceIssue(c: CommunicationContext): Communication {
  const where = regionList(c.regions);
  const [symptom, detail] = SYMPTOMS[c.service] ?? DEFAULT_SYMPTOM;
  const resolved = c.status === 'Resolved';
  const end = c.impactEnd ?? c.updateTimes[c.updateTimes.length - 1] ?? c.impactStart;
  const last = c.updateTimes[c.updateTimes.length - 1] ?? end;
  const emerging = c.type === 'EmergingIssues';
  const next = (t: number): string => ` The next update will be provided by ${when(t + HOUR)}, or as events warrant.`;
  const progress: readonly ((t: number) => string)[] = [
    (t) =>
      emerging
        ? p('Emerging issue', `We are aware of an emerging issue causing ${symptom} for ${c.service} in ${where}, and are gathering information.${next(t)}`)
        : p('Investigating', `Our monitoring detected ${symptom} for ${c.service} in ${where}. Engineers are engaged and investigating.${next(t)}`),
    (t) => p('Cause identified', `We identified ${c.cause.what} as the likely cause. Engineers are ${c.cause.fix}.${next(t)}`),
    (t) => p('Mitigation in progress', `${capitalize(c.cause.fix)} is about half complete. Some customers may already see recovery.${next(t)}`),
    (t) => p('Recovering', `Most affected resources have recovered. Engineers are monitoring the remaining ones.${next(t)}`),
    () => p('Monitoring', 'Error rates have returned to normal levels. Engineers continue to monitor the service for stability before declaring mitigation.'),
  ];
  const mitigated = p(
    'Mitigated',
    `Engineers ${c.cause.fixed}, and ${c.service} in ${where} has been healthy since ${when(end)}. A Preliminary Post Incident Review (PIR) will be published within 3 days.`,
  );
  const n = c.updateTimes.length;
  const updates = c.updateTimes.map((t, i) => (resolved && i === n - 1 ? mitigated : (progress[Math.min(i, progress.length - 1)] as (t: number) => string)(t)));
  const stage = resolved ? n - 1 : Math.min(n - 1, progress.length - 1);
  const status = [
    'We are investigating the cause and will share mitigation options as they become available.',
    `We identified ${c.cause.what} as the likely cause and are ${c.cause.fix}.`,
    `Engineers are ${c.cause.fix}; about half of the affected resources have recovered.`,
    `Most affected resources have recovered. The remaining ones are expected to recover within the next hour.`,
    'Error rates have returned to normal. We are monitoring before declaring mitigation.',
  ][Math.min(stage, 4)] as string;
  const description = resolved
    ? p('Summary of Impact', `Between ${when(c.impactStart)} and ${when(end)}, you were identified as a customer using ${c.service} in ${where} who may have experienced ${symptom}.`) +
      p('Preliminary Root Cause', `We determined that ${c.cause.what} caused requests to fail or time out.`) +
      p('Mitigation', `Engineers ${c.cause.fixed}. Once complete, error rates returned to normal and affected resources recovered.`) +
      p('Next steps', `We will publish a Preliminary Post Incident Review (PIR) within 3 days and a Final PIR within 14 days. ${a('https://aka.ms/AzPIR', 'Learn how PIRs work')}.`) +
      STAY_INFORMED
    : p('Impact Statement', `Starting at ${when(c.impactStart)}, you have been identified as a customer using ${c.service} in ${where} who may experience ${symptom}. ${detail}`) +
      p('Current Status', status) +
      '<p><strong>Workaround:</strong></p>' +
      ul([
        'Retry failed requests with exponential back-off; most retries succeed.',
        `Where your architecture allows it, fail over to a region outside ${where}.`,
        `${a(`${docsFor(c.service)}/overview`, `${c.service} documentation`)} describes resilient configurations.`,
      ]) +
      p('Next update', `By ${when(last + HOUR)}, or as events warrant.`) +
      STAY_INFORMED;
  return {
    title: `${emerging ? 'Emerging issue' : resolved ? 'Mitigated' : 'Service degradation'} - ${c.service} - ${c.regions.join(', ')}`,
    summary: resolved
      ? `<p>Customers using ${c.service} in ${where} experienced ${symptom} for ${durationText(end - c.impactStart)}.</p>`
      : `<p>Customers using ${c.service} in ${where} may experience ${symptom}.</p>`,
    description,
    updates,
  };
}

function maintenance(c: CommunicationContext): Communication {
  const where = regionList(c.regions);
  const start = c.impactStart;
  const end = c.impactEnd ?? start + 4 * HOUR;
  const done = c.status === 'Resolved';
  const n = c.updateTimes.length;
  // Each update says something new: reminders before the window, progress during it.
  let reminders = 0;
  let progress = 0;
  const updates = c.updateTimes.map((t, i) => {
    if (i === 0) {
      return p('Scheduled', `Maintenance on ${c.service} in ${where} is planned from ${when(start)} to ${when(end)}.`);
    }
    if (done && i === n - 1) {
      return p('Completed', `Maintenance on ${c.service} in ${where} is complete. No further action is needed.`);
    }
    if (t < start) {
      reminders++;
      return reminders === 1
        ? p('Reminder', `Maintenance starts at ${when(start)}. Self-service maintenance is available until then.`)
        : reminders === 2
          ? p('Self-service closing', `Resources not updated by self-service maintenance before ${when(start)} are updated during the window.`)
          : p('Final reminder', `Maintenance begins in ${durationText(start - t)}.`);
    }
    progress++;
    return progress === 1
      ? p('In progress', `Maintenance started in ${c.regions[0] ?? where}. Resources restart one update domain at a time.`)
      : p('In progress', `Maintenance continues${c.regions.length > 1 ? ` in ${c.regions[Math.min(progress, c.regions.length) - 1]}` : ''}; ${Math.min(95, 30 * progress)}% of resources are updated.`);
  });
  return {
    title: `Planned maintenance for ${c.service} - ${c.regions.join(', ')}`,
    summary: `<p>${c.service} in ${where}: maintenance window ${when(start)} to ${when(end)}.</p>`,
    description:
      p('Impact Statement', `As part of routine updates that improve reliability and performance, Azure will update ${c.service} resources in ${where}. During the window each resource may be unavailable for up to 30 seconds while it restarts on the updated platform.`) +
      p('Maintenance window', `From ${when(start)} to ${when(end)}.`) +
      '<p><strong>What do I need to do?</strong></p>' +
      ul([
        'Nothing, if your resources are zone-redundant or deployed in an availability set.',
        `To choose the moment yourself, ${a(`${docsFor(c.service)}/maintenance`, 'start self-service maintenance')} before the window.`,
        'Make sure your applications retry transient connection failures.',
      ]) +
      (done ? p('Current Status', `Maintenance completed at ${when(end)}.`) : p('Next update', 'We will notify you when the maintenance starts and when it is complete.')),
    updates,
  };
}

function advisory(c: CommunicationContext): Communication {
  const where = regionList(c.regions);
  const last = c.updateTimes[c.updateTimes.length - 1] ?? c.impactStart;
  const enforce = c.status === 'Active' ? last + 60 * DAY : last;
  const updates = c.updateTimes.map((t, i) =>
    i === 0
      ? p('Advisory published', `${c.service} will stop accepting TLS 1.0 and 1.1 on ${dateText(enforce)}.`)
      : c.status === 'Resolved' && i === c.updateTimes.length - 1
        ? p('Enforced', `TLS 1.0 and 1.1 are now disabled for ${c.service} in ${where}.`)
        : i === 1
          ? p('Reminder', `${Math.max(1, Math.round((enforce - t) / DAY))} days remain before TLS 1.0 and 1.1 are disabled for ${c.service}.`)
          : i === 2
            ? p('Telemetry', `In the last 7 days we still saw connections to ${c.service} using TLS 1.0 or 1.1 from your subscription.`)
            : p('Final reminder', `Update the remaining clients before ${dateText(enforce)} to avoid connection failures.`),
  );
  return {
    title: `Action recommended: update ${c.service} configuration`,
    summary: `<p>${c.service} in ${where} requires TLS 1.2 or later from ${dateText(enforce)}.</p>`,
    description:
      p('Impact Statement', `On ${dateText(enforce)}, ${c.service} endpoints in ${where} will stop accepting connections that use TLS 1.0 or 1.1. Clients that cannot negotiate TLS 1.2 or later will fail to connect.`) +
      '<p><strong>Required action:</strong></p>' +
      ul([
        'Identify clients that use older TLS versions from the diagnostic logs.',
        `Update them to TLS 1.2 or later, as described in ${a(`${docsFor(c.service)}/overview`, 'the documentation')}.`,
      ]) +
      p('Help and support', `If you have questions, ${a('https://aka.ms/azsupt', 'create a support request')}.`),
    updates,
  };
}

function retirement(c: CommunicationContext): Communication {
  const last = c.updateTimes[c.updateTimes.length - 1] ?? c.impactStart;
  const date = dateText(c.status === 'Active' ? last + 180 * DAY : last);
  const guide = `${docsFor(c.service)}/migrate`;
  const updates = c.updateTimes.map((_, i) =>
    i === 0
      ? p('Announced', `${c.service} classic features retire on ${date}.`)
      : i === 1
        ? p('Migration tooling', `A migration tool for ${c.service} classic resources is now generally available.`)
        : i === 2
          ? p('Reminder', `Resources in your subscription still use ${c.service} classic features; migrate before ${date}.`)
          : p('Final reminder', `After ${date}, ${c.service} classic resources stop working. Start migrating now if you have not yet.`),
  );
  return {
    title: `Retirement: ${c.service} classic features will be retired`,
    summary: `<p>${c.service} classic features retire on ${date}.</p>`,
    description:
      p('Impact Statement', `On ${date}, ${c.service} classic features will be retired. Resources that still use them will stop working after that date.`) +
      '<p><strong>Required action:</strong></p>' +
      ul([`Follow the ${a(guide, 'migration guide')} to move to the current features.`, 'Inventory affected resources with Azure Resource Graph.']) +
      p('Help and support', `If you have questions, ask in ${a('https://aka.ms/azqa', 'Microsoft Q&amp;A')}.`),
    article:
      `<h3>Migrating from ${c.service} classic</h3>` +
      '<p>The classic features are replaced one for one. Migrated resources keep their configuration and data; plan a short validation window per resource.</p>' +
      '<table><thead><tr><th>Step</th><th>What to do</th><th>Typical time</th></tr></thead><tbody>' +
      '<tr><td>1. Assess</td><td>List classic resources and their dependencies.</td><td>1 day</td></tr>' +
      '<tr><td>2. Migrate</td><td>Run the migration tool per resource group.</td><td>Minutes per resource</td></tr>' +
      '<tr><td>3. Validate</td><td>Test applications against the migrated resources.</td><td>1 to 5 days</td></tr>' +
      '</tbody></table>',
    updates,
  };
}

function security(c: CommunicationContext): Communication {
  const n = c.updateTimes.length;
  const updates = c.updateTimes.map((_, i) =>
    i === 0
      ? p('Advisory published', `We identified a vulnerability that may affect ${c.service} resources in your subscription.`)
      : c.status === 'Resolved' && i === n - 1
        ? p('Fix deployed', `The fix is deployed to all regions. If you rotated credentials, no further action is needed.`)
        : p('Fix rollout', `The platform fix is deployed to ${Math.min(90, 30 * i)}% of regions. Keep the recommended mitigations in place until it completes.`),
  );
  return {
    title: `Security advisory - ${c.service}`,
    summary: `<p>A vulnerability may expose credentials used by ${c.service} resources in your subscription.</p>`,
    description:
      p('What happened', `On ${dateText(c.impactStart)}, we identified a vulnerability in ${c.service} that could allow an authenticated user to read connection strings of resources they can only list.`) +
      p('What we did', 'We deployed a fix that blocks the affected request path, and reviewed logs: we found no evidence of exploitation in your subscription.') +
      '<p><strong>What you should do:</strong></p>' +
      ul(['Rotate the keys and connection strings of the affected resources.', 'Review sign-in and activity logs for unexpected access.', 'Grant access with managed identities instead of shared keys where possible.']) +
      p('More information', `See the ${a('https://msrc.microsoft.com/update-guide', 'Security Update Guide')}.`),
    updates,
  };
}

const BILLING_CHANGES: Readonly<Record<string, (service: string) => string>> = {
  ForeignExchangeRateChange: (s) => `the foreign exchange rate used to bill ${s} in your currency changes`,
  PriceChanges: (s) => `the prices of ${s} meters change`,
  TaxChanges: (s) => `the tax applied to ${s} charges changes to reflect local regulations`,
  MeterIDChanges: (s) => `${s} usage moves to new meter IDs at the same price`,
  Underbilling: (s) => `a billing error that under-charged past ${s} usage is corrected on your next invoice`,
  Overbilling: (s) => `a billing error that over-charged past ${s} usage is refunded as a credit on your next invoice`,
};

function billing(c: CommunicationContext): Communication {
  const last = c.updateTimes[c.updateTimes.length - 1] ?? c.impactStart;
  const effective = c.status === 'Active' ? last + 30 * DAY : last;
  const change = (BILLING_CHANGES[c.subType ?? ''] ?? ((s: string) => `${s} charges change`))(c.service);
  const updates = c.updateTimes.map((t, i) =>
    i === 0
      ? p('Notice published', `From ${dateText(effective)}, ${change}.`)
      : c.status === 'Resolved' && i === c.updateTimes.length - 1
        ? p('In effect', `The change is in effect and shows on invoices from ${dateText(effective)}.`)
        : p('Reminder', `The change to ${c.service} billing takes effect in ${durationText(effective - t)}, on ${dateText(effective)}.`),
  );
  return {
    title: `Billing notice: ${eventSubTypeWords(c.subType ?? 'PriceChanges')} for ${c.service}`,
    summary: `<p>From ${dateText(effective)}, ${c.service} billing changes; the old and new rates are listed below.</p>`,
    description:
      p('What is changing', `From ${dateText(effective)}, ${change}.`) +
      '<p><strong>What you can do:</strong></p>' +
      ul([`Review your costs in ${a('https://portal.azure.com/#view/Microsoft_Azure_CostManagement/Menu/~/costanalysis', 'Cost analysis')}.`, 'Adjust budgets and cost alerts if needed.']) +
      p('More information', `See ${a('https://azure.microsoft.com/pricing', 'Azure pricing')}.`),
    updates,
  };
}

function rca(c: CommunicationContext): Communication {
  const where = regionList(c.regions);
  const [symptom] = SYMPTOMS[c.service] ?? DEFAULT_SYMPTOM;
  const end = c.impactEnd ?? c.impactStart;
  const detected = c.impactStart + 7 * MINUTE;
  const mitigationStarted = c.impactStart + Math.floor((end - c.impactStart) / 3 / MINUTE) * MINUTE;
  const n = c.updateTimes.length;
  const updates = c.updateTimes.map((_, i) =>
    i === n - 1
      ? c.finalPir
        ? p('Final PIR', 'The Final Post Incident Review is published, with the completed and planned repair items.')
        : p('Preliminary PIR', 'The Preliminary Post Incident Review is published. A Final PIR will follow within 14 days.')
      : i === n - 2 && c.finalPir
        ? p('Preliminary PIR', 'The Preliminary Post Incident Review is published.')
        : p('Mitigated', `The incident affecting ${c.service} in ${where} was mitigated at ${when(end)}.`),
  );
  return {
    title: `Post Incident Review (PIR) - ${c.service} - ${c.regions.join(', ')}`,
    summary: `<p>Between ${when(c.impactStart)} and ${when(end)}, customers using ${c.service} in ${where} experienced ${symptom}.</p>`,
    description:
      p('What happened?', `A subset of requests to ${c.service} in ${where} failed or timed out for ${durationText(end - c.impactStart)}.`) +
      p('What went wrong and why?', `The incident was caused by ${c.cause.what}. Our health checks did not detect the problem before the change reached production traffic.`) +
      p('How did we respond?', `Automated monitoring alerted engineers at ${when(detected)}. Engineers ${c.cause.fixed}, which mitigated the impact at ${when(end)}.`) +
      '<p><strong>How are we making incidents like this less likely or less impactful?</strong></p>' +
      ul(['Adding health checks that catch this failure mode before rollout (estimated completion: next quarter).', 'Reducing the blast radius of backend updates to one availability zone at a time.']) +
      '<p><strong>How can customers make incidents like this less impactful?</strong></p>' +
      ul([`Consider ${a('https://learn.microsoft.com/azure/reliability/availability-zones-overview', 'availability zones')} and multi-region designs.`, `Configure ${a('https://aka.ms/ash-alerts', 'Service Health alerts')} to be notified by email, SMS and webhooks.`]) +
      p('How can we make our incident communications more useful?', `Tell us in ${a(`https://aka.ms/AzPIR/${c.trackingId}`, 'this short survey')}.`),
    article:
      `<h3>Azure Incident Retrospective</h3>` +
      `<p>Engineers who handled this incident walk through it in a ${a('https://aka.ms/AIR', 'recorded retrospective')}. Key moments:</p>` +
      '<table><thead><tr><th>Time (UTC)</th><th>Event</th></tr></thead><tbody>' +
      `<tr><td>${when(c.impactStart)}</td><td>Customer impact began.</td></tr>` +
      `<tr><td>${when(detected)}</td><td>Automated monitoring alerted engineers.</td></tr>` +
      `<tr><td>${when(mitigationStarted)}</td><td>Mitigation started: ${c.cause.fix}.</td></tr>` +
      `<tr><td>${when(end)}</td><td>Impact mitigated; services confirmed healthy.</td></tr>` +
      '</tbody></table>',
    updates,
  };
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function durationText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) {
    return `${Math.round(h / 24)} days`;
  }
  return h === 0 ? `${m} minutes` : m === 0 ? `${h} hour${h === 1 ? '' : 's'}` : `${h} h ${m} min`;
}
