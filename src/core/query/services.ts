import { splitTrailingParenthetical } from '../text/scan';
import { compactKey, serviceKey } from './normalize';

/**
 * Service names as Service Health reports them in `impactedService`, used when the caller has
 * no list of its own (and as the targets of the aliases below).
 */
export const DEFAULT_SERVICES: readonly string[] = [
  'Virtual Machines', 'Virtual Machine Scale Sets', 'Azure Kubernetes Service (AKS)', 'Container Instances',
  'Azure Container Apps', 'Container Registry', 'App Service', 'Azure Functions', 'Logic Apps',
  'SQL Database', 'SQL Managed Instance', 'Azure Cosmos DB', 'Azure Database for PostgreSQL',
  'Azure Database for MySQL', 'Azure Cache for Redis', 'Storage', 'Azure Data Lake Storage', 'Backup',
  'Site Recovery', 'Virtual Network', 'Load Balancer', 'Application Gateway', 'Azure Front Door',
  'Azure DNS', 'Traffic Manager', 'VPN Gateway', 'ExpressRoute', 'Azure Firewall', 'Azure Bastion',
  'Network Infrastructure', 'Key Vault', 'Microsoft Entra ID', 'Azure Resource Manager', 'Azure Monitor',
  'Log Analytics', 'Application Insights', 'Event Hubs', 'Service Bus', 'Event Grid', 'API Management',
  'Azure Data Factory', 'Azure Synapse Analytics', 'Azure Databricks', 'HDInsight', 'Stream Analytics',
  'Azure OpenAI Service', 'Azure AI Search', 'Cognitive Services', 'Azure Machine Learning',
  'Azure DevOps', 'Azure Automation', 'Azure Policy', 'Microsoft Defender for Cloud', 'Azure Virtual Desktop',
  'Azure Communication Services', 'Azure SignalR Service', 'Azure IoT Hub', 'Azure Files', 'Managed Disks',
  'Azure NetApp Files', 'Azure Static Web Apps', 'Azure Spring Apps',
];

/**
 * Short names people use → the display name they mean. The target is replaced by the caller's
 * known spelling when one has the same service key (e.g. "Azure Kubernetes Service (AKS)").
 */
export const SERVICE_ALIASES: Readonly<Record<string, string>> = {
  vm: 'Virtual Machines',
  vms: 'Virtual Machines',
  'virtual machine': 'Virtual Machines',
  vmss: 'Virtual Machine Scale Sets',
  'scale sets': 'Virtual Machine Scale Sets',
  aks: 'Azure Kubernetes Service (AKS)',
  kubernetes: 'Azure Kubernetes Service (AKS)',
  'azure kubernetes service': 'Azure Kubernetes Service (AKS)',
  aci: 'Container Instances',
  acr: 'Container Registry',
  sql: 'SQL Database',
  'azure sql': 'SQL Database',
  'sql db': 'SQL Database',
  'sql mi': 'SQL Managed Instance',
  cosmos: 'Azure Cosmos DB',
  cosmosdb: 'Azure Cosmos DB',
  postgres: 'Azure Database for PostgreSQL',
  postgresql: 'Azure Database for PostgreSQL',
  mysql: 'Azure Database for MySQL',
  redis: 'Azure Cache for Redis',
  storage: 'Storage',
  'storage account': 'Storage',
  'storage accounts': 'Storage',
  blob: 'Storage',
  blobs: 'Storage',
  'web apps': 'App Service',
  'web app': 'App Service',
  'app services': 'App Service',
  functions: 'Azure Functions',
  'function apps': 'Azure Functions',
  vnet: 'Virtual Network',
  'front door': 'Azure Front Door',
  afd: 'Azure Front Door',
  dns: 'Azure DNS',
  firewall: 'Azure Firewall',
  bastion: 'Azure Bastion',
  keyvault: 'Key Vault',
  'entra id': 'Microsoft Entra ID',
  entra: 'Microsoft Entra ID',
  aad: 'Microsoft Entra ID',
  'azure ad': 'Microsoft Entra ID',
  'azure active directory': 'Microsoft Entra ID',
  arm: 'Azure Resource Manager',
  monitor: 'Azure Monitor',
  'app insights': 'Application Insights',
  apim: 'API Management',
  adf: 'Azure Data Factory',
  'data factory': 'Azure Data Factory',
  synapse: 'Azure Synapse Analytics',
  databricks: 'Azure Databricks',
  openai: 'Azure OpenAI Service',
  'azure openai': 'Azure OpenAI Service',
  'cognitive search': 'Azure AI Search',
  avd: 'Azure Virtual Desktop',
  'iot hub': 'Azure IoT Hub',
  anf: 'Azure NetApp Files',
  devops: 'Azure DevOps',
};

/**
 * Compact phrase → service display name, for plain-text matching and `service:` values.
 * Known names come in three spellings: full, without "Azure"/"Microsoft" when that leaves
 * more than one word (a bare "Monitor" or "Search" is too often an ordinary word), and the
 * parenthesised abbreviation.
 */
export function buildServiceIndex(knownServices: readonly string[] | undefined): Map<string, string> {
  const names = knownServices ?? DEFAULT_SERVICES;
  const byServiceKey = new Map<string, string>();
  for (const name of names) {
    const key = serviceKey(name);
    if (key && !byServiceKey.has(key)) {
      byServiceKey.set(key, name);
    }
  }
  const index = new Map<string, string>();
  const add = (phrase: string, name: string): void => {
    const key = compactKey(phrase);
    if (key && !index.has(key)) {
      index.set(key, name);
    }
  };
  for (const name of names) {
    add(name, name);
    const parenthetical = splitTrailingParenthetical(name);
    const withoutAbbreviation = parenthetical?.base ?? name;
    add(withoutAbbreviation, name);
    const stripped = withoutAbbreviation.replace(/^(Azure|Microsoft)\s+/iu, '');
    if (stripped !== withoutAbbreviation && /\s/u.test(stripped)) {
      add(stripped, name);
    }
    const abbreviation = parenthetical?.inner;
    if (abbreviation) {
      add(abbreviation, name);
    }
  }
  // Aliases resolve to the caller's spelling of the same service when it has one; otherwise to
  // the built-in display name (the user clearly means that service even if none of their events names it).
  for (const [alias, target] of Object.entries(SERVICE_ALIASES)) {
    add(alias, byServiceKey.get(serviceKey(target)) ?? target);
  }
  return index;
}
