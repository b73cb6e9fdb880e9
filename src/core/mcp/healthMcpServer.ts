/**
 * The Model Context Protocol server of `health-events mcp`: the agent tools of src/core/agent
 * (the same ones VS Code's language-model tools run) over the official SDK. Tool failures are
 * results with `isError`, worded for the model; the token is never part of any text.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerText } from '../agent/budget';
import type { ConsentAnswer, HealthTools } from '../agent/healthTools';
import { toolErrorMessage } from '../agent/toolErrors';
import {
  checkInfrastructureShape,
  EVENTS_PAGE_SIZE,
  getEventShape,
  getResourceHealthShape,
  HEALTH_PAGE_SIZE,
  impactedResourcesShape,
  listEventsShape,
  listResourceHealthShape,
  RESOURCES_PAGE_SIZE,
} from '../agent/inputs';
import { fileRoots, readRoots } from './roots';

export const MCP_SERVER_NAME = 'service-health';
export const MCP_SERVER_VERSION = '0.1.0';

export interface HealthMcpServerOptions {
  readonly tools: HealthTools;
  /** Removes secrets from every text sent (defence in depth: no message carries the token). */
  readonly redact: (text: string) => string;
  /** One line per tool failure for the client's log (stderr). */
  readonly log: (line: string) => void;
  /** Rewords host-specific errors (a rejected token: where a new one comes from). */
  readonly explain?: (error: unknown) => unknown;
  /** The folders check_infrastructure may read (`--root`); empty: the roots the client declares, if any. */
  readonly roots?: readonly string[];
}

export function createHealthMcpServer(options: HealthMcpServerOptions): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, version: MCP_SERVER_VERSION },
    {
      instructions:
        'Azure Service Health: service issues, planned maintenance, health and security advisories and billing notices of the user’s subscriptions. ' +
        'Start with list_health_events; get_health_event gives one event’s updates; list_impacted_resources says which of the user’s resources an event affects; ' +
        'list_resource_health and get_resource_health say whether the user’s resources are available (Resource Health); ' +
        'check_infrastructure says which active events touch what the user’s templates deploy.',
    },
  );
  const run = async (name: string, body: (signal: AbortSignal) => Promise<Record<string, unknown>>, signal: AbortSignal): Promise<CallToolResult> => {
    try {
      const result = await body(signal);
      return { content: [{ type: 'text', text: options.redact(answerText(result)) }] };
    } catch (error) {
      const message = options.redact(toolErrorMessage(options.explain ? options.explain(error) : error));
      options.log(`${name}: ${message}`);
      return { isError: true, content: [{ type: 'text', text: message }] };
    }
  };
  const { tools } = options;
  server.registerTool(
    'list_health_events',
    {
      title: 'List Azure service health events',
      description:
        'Service issues (outages), planned maintenance, health and security advisories and billing notices of the user’s Azure subscriptions, every page read. ' +
        `Returns the interpretation of the query, the total and one page of ${EVENTS_PAGE_SIZE} events (call again with page for more).`,
      inputSchema: listEventsShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) => run('list_health_events', (signal) => tools.listEvents(input, signal), extra.signal),
  );
  server.registerTool(
    'get_health_event',
    {
      title: 'Get one Azure service health event',
      description: 'One event by tracking id: status, times, impacted services and regions, summary and the latest updates. Sensitive events’ text only with includeSensitiveDetails, and only once the user accepts when asked.',
      inputSchema: getEventShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) => run('get_health_event', (signal) => tools.getEvent(input, signal, (trackingId, title) => askUser(server, trackingId, title, signal)), extra.signal),
  );
  server.registerTool(
    'list_impacted_resources',
    {
      title: 'List the resources an event affects',
      description: `Which of the user’s Azure resources an event (by tracking id) affects: name, type, resource group, region; one page of ${RESOURCES_PAGE_SIZE} plus the total.`,
      inputSchema: impactedResourcesShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) => run('list_impacted_resources', (signal) => tools.listImpactedResources(input, signal), extra.signal),
  );
  registerResourceHealthTools(server, tools, run);
  registerInfraTool(server, tools, run, options.roots ?? []);
  server.registerTool(
    'get_rate_limit',
    {
      title: 'Get the remaining API quota',
      description: 'How many requests the health API still allows and when the quota resets.',
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (extra) => run('get_rate_limit', (signal) => tools.getQuota(signal), extra.signal),
  );
  return server;
}

type Run = (name: string, body: (signal: AbortSignal) => Promise<Record<string, unknown>>, signal: AbortSignal) => Promise<CallToolResult>;

/** Resource Health: the estate's availability, and one resource's. */
function registerResourceHealthTools(server: McpServer, tools: HealthTools, run: Run): void {
  server.registerTool(
    'list_resource_health',
    {
      title: 'List the health of the user’s resources',
      description:
        'Resource Health availability (Unavailable, Degraded, Unknown, Available) of every resource of the user’s subscriptions, every page read; resources that are not Available first. ' +
        `Returns counts by state and one page of ${HEALTH_PAGE_SIZE} resources with the events they are linked to (filter with states, call again with page for more).`,
      inputSchema: listResourceHealthShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) => run('list_resource_health', (signal) => tools.listResourceHealth(input, signal), extra.signal),
  );
  server.registerTool(
    'get_resource_health',
    {
      title: 'Get the health of one resource',
      description: 'One resource by id: availability state, since when, summary, recommended actions as links, the service events it is linked to (by tracking id), and optionally its history.',
      inputSchema: getResourceHealthShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) => run('get_resource_health', (signal) => tools.getResourceHealth(input, signal), extra.signal),
  );
}

/** The templates of a folder inside the roots against the active events (issue 24). */
function registerInfraTool(server: McpServer, tools: HealthTools, run: Run, configured: readonly string[]): void {
  const roots = async (signal: AbortSignal): Promise<readonly string[]> => {
    if (configured.length > 0 || !server.server.getClientCapabilities()?.roots) return configured;
    return fileRoots((await server.server.listRoots(undefined, { signal })).roots.map((r) => r.uri));
  };
  server.registerTool(
    'check_infrastructure',
    {
      title: 'Check what the templates deploy against active events',
      description:
        'Reads the infrastructure templates (Bicep, ARM JSON, Terraform, azd) of a folder inside the roots this server may read (nothing is run) for the services they deploy and the regions, ' +
        'and lists the active service issues and planned maintenance of the same service in the same region, each at file:line, with the targets found and what could not be read (and why).',
      inputSchema: checkInfrastructureShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    (input, extra) =>
      run(
        'check_infrastructure',
        async (signal) => {
          const { parts, where } = await readRoots(input.path, await roots(signal), signal);
          return tools.checkInfrastructure(parts, where, signal);
        },
        extra.signal,
      ),
  );
}

/**
 * Asks the user (MCP elicitation), not the model, whether a sensitive event's text may go to the
 * model. A client without elicitation cannot ask: the text stays out (the answer says where to read it).
 */
async function askUser(server: McpServer, trackingId: string, title: string, signal: AbortSignal): Promise<ConsentAnswer> {
  if (!server.server.getClientCapabilities()?.elicitation) return 'cannot-ask';
  const result = await server.server.elicitInput(
    {
      message: `The model asks for the full text of sensitive Azure Service Health event ${trackingId} (${title.slice(0, 120)}), for example a security advisory. Accept to fetch it from Azure and give it to the model; decline to keep it out.`,
      requestedSchema: { type: 'object', properties: {} },
    },
    { signal },
  );
  return result.action === 'accept' ? 'allowed' : 'declined';
}

