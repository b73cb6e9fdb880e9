// A user's azd project as `azd init` leaves it (issue 30): `infra/main.bicep` with decorators stacked
// on their own lines above its parameters, `main.parameters.json` filled from the environment, and
// `.azure/dev/.env`. No mode is set, so the first screen offers Sign In and Use Sample Service.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { activeIssue } from '../infraPick';
import type { PreparedWorkbench } from '../run';
import { createSampleWorkspace } from '../workspace';

/** The azd starters' main.bicep header (two and three decorator lines in a row), deploying the sample's active issue's service and region. */
export function azdMainBicep(type: string): string {
  return [
    '@minLength(1)',
    '@maxLength(64)',
    "@description('Name of the environment that can be used as part of naming resource convention')",
    'param environmentName string',
    '',
    '@minLength(1)',
    "@description('Primary location for all resources')",
    'param location string',
    '',
    '@secure()',
    "@description('A secret for the app')",
    'param appSecret string = newGuid()',
    '',
    "var tags = { 'azd-env-name': environmentName }",
    '',
    `resource web '${type}@2023-01-01' = {`,
    "  name: 'app-${environmentName}'",
    '  location: location',
    '  tags: tags',
    '}',
    '',
  ].join('\n');
}

export async function prepareAzdWorkbench(): Promise<PreparedWorkbench> {
  const pick = activeIssue();
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': undefined }, 'todo-azd');
  const { folder } = workspace;
  await mkdir(join(folder, 'infra'), { recursive: true });
  await writeFile(join(folder, 'infra', 'main.bicep'), azdMainBicep(pick.type));
  await writeFile(
    join(folder, 'infra', 'main.parameters.json'),
    `${JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', contentVersion: '1.0.0.0', parameters: { environmentName: { value: '${AZURE_ENV_NAME}' }, location: { value: '${AZURE_LOCATION}' } } }, null, 2)}\n`,
  );
  await writeFile(join(folder, 'azure.yaml'), 'name: todo-azd\nservices:\n  web:\n    project: ./src\n    language: js\n    host: appservice\n');
  await mkdir(join(folder, '.azure', 'dev'), { recursive: true });
  await writeFile(join(folder, '.azure', 'config.json'), '{"version":1,"defaultEnvironment":"dev"}\n');
  await writeFile(join(folder, '.azure', 'dev', '.env'), `AZURE_ENV_NAME="dev"\nAZURE_LOCATION="${pick.region.toLowerCase().replace(/\s+/g, '')}"\n`);
  return { folder, dispose: () => workspace.dispose() };
}
