import assert from 'node:assert/strict';
import * as z from 'zod';
import { checkWorkspaceInput, getEventInput, getResourceHealthInput, impactedResourcesInput, listEventsInput, listResourceHealthInput } from '../../../src/core/agent/inputs';
import { localizedManifest } from './localizedManifest';

interface ToolContribution {
  name: string;
  toolReferenceName?: string;
  canBeReferencedInPrompt?: boolean;
  modelDescription?: string;
  inputSchema?: unknown;
}

const manifest = localizedManifest<{
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  contributes: { languageModelTools?: ToolContribution[]; mcpServerDefinitionProviders?: Array<{ id: string; label: string }> };
}>();

function schemaOf(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json['$schema'];
  return json;
}

describe('manifest: language-model tools and the MCP server definition provider', () => {
  const tools = manifest.contributes.languageModelTools ?? [];

  it('declares the seven tools, each referencable in prompts (#serviceHealth…)', () => {
    assert.deepEqual(
      tools.map((t) => [t.name, t.toolReferenceName]),
      [
        ['serviceHealth_listEvents', 'serviceHealth'],
        ['serviceHealth_getEvent', 'serviceHealthEvent'],
        ['serviceHealth_listImpactedResources', 'serviceHealthImpactedResources'],
        ['serviceHealth_listResourceHealth', 'serviceHealthResources'],
        ['serviceHealth_getResourceHealth', 'serviceHealthResource'],
        ['serviceHealth_checkWorkspace', 'serviceHealthWorkspace'],
        ['serviceHealth_getQuota', 'serviceHealthQuota'],
      ],
    );
    assert.ok(tools.every((t) => t.canBeReferencedInPrompt === true && (t.modelDescription ?? '').length > 80));
  });

  it('the input schemas in package.json are exactly the ones the tools validate with (the shared zod inputs)', () => {
    const byName = new Map(tools.map((t) => [t.name, t.inputSchema]));
    assert.deepEqual(byName.get('serviceHealth_listEvents'), schemaOf(listEventsInput));
    assert.deepEqual(byName.get('serviceHealth_getEvent'), schemaOf(getEventInput));
    assert.deepEqual(byName.get('serviceHealth_listImpactedResources'), schemaOf(impactedResourcesInput));
    assert.deepEqual(byName.get('serviceHealth_listResourceHealth'), schemaOf(listResourceHealthInput));
    assert.deepEqual(byName.get('serviceHealth_getResourceHealth'), schemaOf(getResourceHealthInput));
    assert.deepEqual(byName.get('serviceHealth_checkWorkspace'), schemaOf(checkWorkspaceInput));
    assert.deepEqual(byName.get('serviceHealth_getQuota'), schemaOf(z.object({})));
  });

  it('declares the MCP server definition provider the extension registers', () => {
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [{ id: 'serviceHealth.mcp', label: 'Service Health' }]);
  });

  it('engines.vscode is 1.101 (the first with registerMcpServerDefinitionProvider stable) and @types/vscode is pinned to it', () => {
    assert.equal(manifest.engines.vscode, '^1.101.0');
    assert.equal(manifest.devDependencies['@types/vscode'], '~1.101.0');
  });
});
