/**
 * Bicep registry modules: an Azure Verified Module (`br/public:avm/res/<provider>/<type>:<version>`)
 * deploys one resource of a type its path names, in its `location` parameter. Any other registry or
 * template-spec module cannot be read here, and is said so.
 */

/** AVM resource module path (`key-vault/vault`) → the ARM type it deploys; the common ones. */
const AVM: Readonly<Record<string, string>> = {
  'key-vault/vault': 'Microsoft.KeyVault/vaults',
  'web/site': 'Microsoft.Web/sites',
  'web/serverfarm': 'Microsoft.Web/serverfarms',
  'web/static-site': 'Microsoft.Web/staticSites',
  'document-db/database-account': 'Microsoft.DocumentDB/databaseAccounts',
  'operational-insights/workspace': 'Microsoft.OperationalInsights/workspaces',
  'insights/component': 'Microsoft.Insights/components',
  'insights/action-group': 'Microsoft.Insights/actionGroups',
  'app/managed-environment': 'Microsoft.App/managedEnvironments',
  'app/container-app': 'Microsoft.App/containerApps',
  'app/job': 'Microsoft.App/jobs',
  'container-registry/registry': 'Microsoft.ContainerRegistry/registries',
  'container-service/managed-cluster': 'Microsoft.ContainerService/managedClusters',
  'storage/storage-account': 'Microsoft.Storage/storageAccounts',
  'sql/server': 'Microsoft.Sql/servers',
  'db-for-postgre-sql/flexible-server': 'Microsoft.DBforPostgreSQL/flexibleServers',
  'db-for-my-sql/flexible-server': 'Microsoft.DBforMySQL/flexibleServers',
  'cache/redis': 'Microsoft.Cache/redis',
  'cognitive-services/account': 'Microsoft.CognitiveServices/accounts',
  'search/search-service': 'Microsoft.Search/searchServices',
  'network/virtual-network': 'Microsoft.Network/virtualNetworks',
  'network/public-ip-address': 'Microsoft.Network/publicIPAddresses',
  'network/network-security-group': 'Microsoft.Network/networkSecurityGroups',
  'network/private-endpoint': 'Microsoft.Network/privateEndpoints',
  'network/application-gateway': 'Microsoft.Network/applicationGateways',
  'network/load-balancer': 'Microsoft.Network/loadBalancers',
  'network/bastion-host': 'Microsoft.Network/bastionHosts',
  'network/azure-firewall': 'Microsoft.Network/azureFirewalls',
  'network/private-dns-zone': 'Microsoft.Network/privateDnsZones',
  'service-bus/namespace': 'Microsoft.ServiceBus/namespaces',
  'event-hub/namespace': 'Microsoft.EventHub/namespaces',
  'event-grid/topic': 'Microsoft.EventGrid/topics',
  'api-management/service': 'Microsoft.ApiManagement/service',
  'managed-identity/user-assigned-identity': 'Microsoft.ManagedIdentity/userAssignedIdentities',
  'compute/virtual-machine': 'Microsoft.Compute/virtualMachines',
  'signal-r-service/signal-r': 'Microsoft.SignalRService/signalR',
  'machine-learning-services/workspace': 'Microsoft.MachineLearningServices/workspaces',
  'data-factory/factory': 'Microsoft.DataFactory/factories',
  'automation/automation-account': 'Microsoft.Automation/automationAccounts',
  'logic/workflow': 'Microsoft.Logic/workflows',
};

/** True for a module source that names a registry (`br:`, `br/alias:`) or a template spec (`ts:`, `ts/alias:`). */
export const isRegistrySource = (source: string): boolean => /^(br|ts)[:/]/i.test(source);

/** The ARM type an AVM resource module deploys, or undefined (another registry, a pattern module, one not in the table). */
export function avmResourceType(source: string): string | undefined {
  const path = /^br\/public:avm\/res\/([a-z0-9-]+\/[a-z0-9-]+):[^:]+$/i.exec(source)?.[1];
  return path ? AVM[path.toLowerCase()] : undefined;
}
