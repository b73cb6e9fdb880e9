/** Help texts of the `health-events` CLI, one per command. */

export const TOKEN_ENV = 'HEALTH_EVENTS_TOKEN';
export const DEFAULT_ENDPOINT = 'https://management.azure.com';

const COMMON = `  --endpoint URL      Service base URL (default ${DEFAULT_ENDPOINT}; plain http only on loopback);
                      a path such as https://host/api/v3 is kept before every request
  --token TOKEN       Access token; prefer the ${TOKEN_ENV} environment variable, because
                      --token is visible to other users in the process list
  --json              Print JSON instead of a table
  -h, --help          Show this help`;

export const MAIN_USAGE = `Usage: health-events <command> [options]

Service health events (service issues, planned maintenance, advisories, billing notices) of
Azure subscriptions, and the remaining API quota.

Commands:
  list                List the health events of one or more subscriptions
  details             Show the full details of one event, including the hidden text of sensitive events
  impacted-resources  List the resources of a subscription that an event affects
  check               Deployment gate: exit 3 when an active event touches what templates deploy
  resource-health     Show the health of resources: every resource of subscriptions, or one resource
  emerging-issues     Show the emerging issues Azure is investigating (no subscription needed)
  subscriptions       List the subscriptions the token can see
  rate-limit          Show the rate-limit status (GET /rate_limit) and the quota seen in response headers
  mcp                 Serve the health tools to AI agents (Model Context Protocol over stdio)
  serve-sample        Run the local sample service to try the CLI and the extension without Azure

Authentication: set ${TOKEN_ENV} to an ARM access token, for example
  export ${TOKEN_ENV}="$(az account get-access-token --query accessToken -o tsv)"

Run 'health-events <command> --help' for the options of a command.
Exit codes: 0 success, 1 failure, 2 usage error; check exits 3 when an active event touches a target
and 4 when nothing matched but something could not be checked.
`;

export const LIST_USAGE = `Usage: health-events list --subscription ID [--subscription ID ...] [options]

List the service health events of subscriptions (several are listed concurrently).

Options:
  --subscription ID   Subscription id; repeat for several (required)
  --filter ODATA      OData $filter sent to the service, e.g. "service eq 'Virtual Machines'"
  --service NAME      Only events of this service; repeatable (builds the $filter; not with --filter)
  --region NAME       Only events in this region; repeatable (builds the $filter; not with --filter)
  --since TIME        Events updated at or after TIME: ISO 8601 (2025-01-31T00:00:00Z), or a
                      duration back from now (90m, 12h, 7d, 2w); the service default is 3 days
  --wide              Show every column in full (regions, type, level, exact times) instead of
                      fitting the table to the terminal (80 columns when not a terminal)
${COMMON}

One row per event, active first; an event listed for several subscriptions is one row naming
them ("Contoso Production +1"; one more request, GET /subscriptions; when they cannot be listed
it shows their ids and says so once on stderr). Colour only on a terminal, never with NO_COLOR.
--json prints {"events":[...as received...],"requests":N,"rateLimit":{...}|null} (no names).
`;

export const DETAILS_USAGE = `Usage: health-events details --subscription ID --tracking-id ID [options]

Show one event in full (fetchEventDetails). For sensitive events this needs the Owner or
Subscription Admin role, or a custom role with Microsoft.ResourceHealth/events/fetchEventDetails/action.

Options:
  --subscription ID   Subscription id (required)
  --tracking-id ID    Tracking id of the event, the NAME shown by 'list' (required)
${COMMON}
`;

export const IMPACTED_RESOURCES_USAGE = `Usage: health-events impacted-resources --subscription ID --tracking-id ID [options]

List the resources of one subscription that an event affects (name, type, resource group,
region), every page.

Options:
  --subscription ID   Subscription id (required)
  --tracking-id ID    Tracking id of the event, the NAME shown by 'list' (required)
  --filter ODATA      OData $filter sent to the service, e.g. "targetRegion eq 'westus'"
${COMMON}

--json prints {"resources":[...as received...],"requests":N} (N: requests sent).
`;

export const RESOURCE_HEALTH_USAGE = `Usage: health-events resource-health --subscription ID [--subscription ID ...] [options]
       health-events resource-health --resource RESOURCE_ID [--history] [options]

Show Resource Health availability (Available, Degraded, Unavailable, Unknown, or a state added
later, printed as received). With --subscription: every resource of those subscriptions (all
pages), those that are not Available first. With --resource: that resource's current status,
its recommended actions and the events that affect it; with --history, its past transitions.

Options:
  --subscription ID   Subscription id; repeat for several (not with --resource)
  --resource ID       Full resource id, /subscriptions/.../providers/TYPE/NAME (quote it if it
                      has spaces)
  --history           With --resource: the resource's history instead of its current status
${COMMON}

--json prints {"statuses":[...as received...],"requests":N}; a placeholder link of a recommended
action (<#ResourceBlade>, <#SupportCase>) is replaced by the portal page it stands for, or removed.
A subscription that fails is one line on stderr (and "errors" in --json); the others are listed.
`;

export const EMERGING_ISSUES_USAGE = `Usage: health-events emerging-issues [options]

Show the emerging issues Azure is investigating (GET /providers/Microsoft.ResourceHealth/
emergingIssues/default): banners, then one row per active issue. They belong to no
subscription, so no --subscription is needed.

Options:
${COMMON}

--json prints {"emergingIssues":{...as received...},"requests":N}.
`;

export const SUBSCRIPTIONS_USAGE = `Usage: health-events subscriptions [options]

List the subscriptions the token can see.

Options:
${COMMON}
`;

export const RATE_LIMIT_USAGE = `Usage: health-events rate-limit [options]

Show the rate-limit status per category (GET /rate_limit; it costs no primary quota) and the
latest quota seen in response headers. Services without /rate_limit (such as Azure Resource
Manager) report only the header quota.

Options:
${COMMON}
`;

export const SERVE_SAMPLE_USAGE = `Usage: health-events serve-sample [options]

Run the local sample service on 127.0.0.1 until Ctrl+C (SIGINT) or SIGTERM. Prints
'listening on http://127.0.0.1:PORT' first, then 'token: ...' (the sample's own throwaway
token) and 'subscriptions: ...'.

Options:
  --port N            Port to listen on (default 0: any free port)
  --events N          Number of generated events (spread over the sample's subscriptions)
  --seed N            Seed of the generated data (same seed, same events)
  --latency-ms N      Added latency per response, in milliseconds
  --primary-limit N   Requests per window before the primary rate limit answers 429/403
  --window-seconds N  Length of the rate-limit window in seconds
  --page-size N       Events per page
  -h, --help          Show this help
`;

export const MCP_USAGE = `Usage: health-events mcp [--endpoint URL] [--subscription ID ...] [--root DIR ...]

Serve Service Health to AI agents: a Model Context Protocol server on standard input and output
with the tools list_health_events, get_health_event, list_impacted_resources, list_resource_health,
get_resource_health, check_infrastructure and get_rate_limit.
Every page is read; logs go to standard error. Start it from an MCP client (VS Code, Claude
Desktop, ...), not by hand.

Options:
  --endpoint URL      Service base URL (default ${DEFAULT_ENDPOINT}); for a national cloud use
                      https://management.chinacloudapi.cn or https://management.usgovcloudapi.net
  --subscription ID   Subscription to answer about; repeat for several (default: every
                      subscription the token can see)
  --subscriptions-file PATH
                      A file of subscription ids, one per line (for many; the extension uses it)
  --root DIR          A folder check_infrastructure may read (its templates, never run); repeat
                      for several. Without one, the roots the client shares (MCP roots) are used
  -h, --help          Show this help

The token comes from ${TOKEN_ENV} only and is never written anywhere.
`;

export const CHECK_USAGE = `Usage: health-events check --infra DIR --subscription ID [--subscription ID ...] [options]

Read the templates in DIR (Bicep, .bicepparam, ARM JSON and parameters files, Terraform and
.tfvars, azd's azure.yaml with .azure/<env>/.env) for the services they deploy and where, then
list the events of the subscriptions. Nothing in DIR is run; no link out of DIR is followed.

A target matches an event when the event is an active service issue or active planned
maintenance of the same service in the same region. Resolved events never match.

The gate fails closed: a line it cannot check (a region decided at deployment, a cap, an
unreadable file or folder, a cycle, no target at all) makes it exit 4, never 0.

Options:
  --infra DIR            Folder of the templates (required)
  --subscription ID      Subscription id; repeat for several (required)
  --resource-group NAME  The resource group deployed to: its region is resourceGroup().location
                         (looked up in the first --subscription)
  --location REGION      The region deployed to: resourceGroup().location and
                         deployment().location, given outright
  --include GLOB         Only files matching GLOB (relative to DIR) are templates; repeat for
                         several. Test and example folders (tests/, test/, e2e/, examples/,
                         *.test.bicep) are read only when a GLOB or azure.yaml points there
  --exclude GLOB         Files and folders matching GLOB are not read; repeat for several
  --allow-unchecked      Exit 0 instead of 4 when nothing matched but some lines were unchecked
  --since TIME           List from TIME if that is earlier than 90 days ago (default 90d: an event
                         still active is checked however long ago it was last updated)
${COMMON}

Exit codes: 3 an active event touches a target; 0 every target was checked and none is
affected; 4 none is affected but something could not be checked (--allow-unchecked: 0);
1 failure (a resource group that does not exist, an API error); 2 usage error.
The table names each match with file:line, then each line not checked with file:line and why.
--json prints {"targets":[{"service","region","file","line"}...],"unresolved":[{"file","line","reason"}...],
"notes":[{"file","line","reason"}...],"matches":[{"trackingId","title","eventType","service","region","file","line"}...],
"complete":true|false}.
`;
