/**
 * Texts of the sample events, modelled on Azure Service Health communications: a one-sentence
 * impact statement (summary), the full communication (description: impact statement, current
 * status, workaround, next update, links), an article only where Azure publishes one (PIRs,
 * retirements), and one update per communication, in time order.
 */
import type { KnownEventStatus, KnownEventType } from '../model/schemas';
import { eventSubTypeWords } from '../render/enumWords';
import { DEFAULT_SYMPTOM, SYMPTOMS, type Cause } from './causes';
import { a, capitalize, DAY, dateText, docsFor, durationText, HOUR, MINUTE, p, regionList, STAY_INFORMED, ul, when } from './communicationText';

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
