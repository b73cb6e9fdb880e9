/**
 * The maintained table from resource types to Service Health service names. The names are the
 * spellings of `DEFAULT_SERVICES` (src/core/query/services.ts); events are matched with
 * `serviceKey`, so "Azure Kubernetes Service" in an event meets "Azure Kubernetes Service (AKS)" here.
 * Keys are lower-case; ARM child types (`Microsoft.Sql/servers/databases`) fall back to their parent.
 */
import { serviceKey } from '../query/normalize';
import { AZURERM } from './azurermTypes';

const ARM: Readonly<Record<string, string>> = {
  'microsoft.web/sites': 'App Service',
  'microsoft.web/serverfarms': 'App Service',
  'microsoft.web/staticsites': 'Azure Static Web Apps',
  'microsoft.compute/virtualmachines': 'Virtual Machines',
  'microsoft.compute/virtualmachinescalesets': 'Virtual Machine Scale Sets',
  'microsoft.compute/disks': 'Managed Disks',
  'microsoft.containerservice/managedclusters': 'Azure Kubernetes Service (AKS)',
  'microsoft.containerinstance/containergroups': 'Container Instances',
  'microsoft.app/containerapps': 'Azure Container Apps',
  'microsoft.app/managedenvironments': 'Azure Container Apps',
  'microsoft.app/jobs': 'Azure Container Apps',
  'microsoft.containerregistry/registries': 'Container Registry',
  'microsoft.sql/servers': 'SQL Database',
  'microsoft.sql/managedinstances': 'SQL Managed Instance',
  'microsoft.documentdb/databaseaccounts': 'Azure Cosmos DB',
  'microsoft.dbforpostgresql/flexibleservers': 'Azure Database for PostgreSQL',
  'microsoft.dbforpostgresql/servers': 'Azure Database for PostgreSQL',
  'microsoft.dbformysql/flexibleservers': 'Azure Database for MySQL',
  'microsoft.dbformysql/servers': 'Azure Database for MySQL',
  'microsoft.cache/redis': 'Azure Cache for Redis',
  'microsoft.cache/redisenterprise': 'Azure Cache for Redis',
  'microsoft.storage/storageaccounts': 'Storage',
  'microsoft.keyvault/vaults': 'Key Vault',
  'microsoft.keyvault/managedhsms': 'Key Vault',
  'microsoft.network/virtualnetworks': 'Virtual Network',
  'microsoft.network/loadbalancers': 'Load Balancer',
  'microsoft.network/applicationgateways': 'Application Gateway',
  'microsoft.network/frontdoors': 'Azure Front Door',
  'microsoft.cdn/profiles': 'Azure Front Door',
  'microsoft.network/dnszones': 'Azure DNS',
  'microsoft.network/privatednszones': 'Azure DNS',
  'microsoft.network/trafficmanagerprofiles': 'Traffic Manager',
  'microsoft.network/virtualnetworkgateways': 'VPN Gateway',
  'microsoft.network/expressroutecircuits': 'ExpressRoute',
  'microsoft.network/azurefirewalls': 'Azure Firewall',
  'microsoft.network/bastionhosts': 'Azure Bastion',
  'microsoft.insights/components': 'Application Insights',
  'microsoft.operationalinsights/workspaces': 'Log Analytics',
  'microsoft.eventhub/namespaces': 'Event Hubs',
  'microsoft.servicebus/namespaces': 'Service Bus',
  'microsoft.eventgrid/topics': 'Event Grid',
  'microsoft.eventgrid/systemtopics': 'Event Grid',
  'microsoft.eventgrid/domains': 'Event Grid',
  'microsoft.apimanagement/service': 'API Management',
  'microsoft.datafactory/factories': 'Azure Data Factory',
  'microsoft.synapse/workspaces': 'Azure Synapse Analytics',
  'microsoft.databricks/workspaces': 'Azure Databricks',
  'microsoft.hdinsight/clusters': 'HDInsight',
  'microsoft.streamanalytics/streamingjobs': 'Stream Analytics',
  'microsoft.search/searchservices': 'Azure AI Search',
  'microsoft.machinelearningservices/workspaces': 'Azure Machine Learning',
  'microsoft.automation/automationaccounts': 'Azure Automation',
  'microsoft.desktopvirtualization/hostpools': 'Azure Virtual Desktop',
  'microsoft.signalrservice/signalr': 'Azure SignalR Service',
  'microsoft.devices/iothubs': 'Azure IoT Hub',
  'microsoft.netapp/netappaccounts': 'Azure NetApp Files',
  'microsoft.appplatform/spring': 'Azure Spring Apps',
  'microsoft.logic/workflows': 'Logic Apps',
  'microsoft.recoveryservices/vaults': 'Backup',
  // Networking pieces a virtual network is made of: Service Health reports them under Virtual Network.
  'microsoft.network/publicipaddresses': 'Virtual Network',
  'microsoft.network/publicipprefixes': 'Virtual Network',
  'microsoft.network/networkinterfaces': 'Virtual Network',
  'microsoft.network/networksecuritygroups': 'Virtual Network',
  'microsoft.network/applicationsecuritygroups': 'Virtual Network',
  'microsoft.network/privateendpoints': 'Virtual Network',
  'microsoft.network/privatelinkservices': 'Virtual Network',
  'microsoft.network/natgateways': 'Virtual Network',
  'microsoft.network/routetables': 'Virtual Network',
  'microsoft.network/networkwatchers': 'Virtual Network',
  'microsoft.network/ddosprotectionplans': 'Virtual Network',
  'microsoft.network/localnetworkgateways': 'VPN Gateway',
  'microsoft.network/connections': 'VPN Gateway',
  'microsoft.network/firewallpolicies': 'Azure Firewall',
  'microsoft.network/applicationgatewaywebapplicationfirewallpolicies': 'Application Gateway',
  'microsoft.network/frontdoorwebapplicationfirewallpolicies': 'Azure Front Door',
  'microsoft.compute/availabilitysets': 'Virtual Machines',
  'microsoft.compute/images': 'Virtual Machines',
  'microsoft.compute/galleries': 'Virtual Machines',
  'microsoft.compute/snapshots': 'Managed Disks',
  'microsoft.compute/diskencryptionsets': 'Managed Disks',
  'microsoft.web/certificates': 'App Service',
  'microsoft.web/hostingenvironments': 'App Service',
  'microsoft.insights/actiongroups': 'Azure Monitor',
  'microsoft.insights/metricalerts': 'Azure Monitor',
  'microsoft.insights/scheduledqueryrules': 'Azure Monitor',
  'microsoft.insights/activitylogalerts': 'Azure Monitor',
  'microsoft.insights/autoscalesettings': 'Azure Monitor',
  'microsoft.insights/datacollectionrules': 'Azure Monitor',
  'microsoft.insights/datacollectionendpoints': 'Azure Monitor',
  'microsoft.insights/workbooks': 'Azure Monitor',
  'microsoft.operationsmanagement/solutions': 'Log Analytics',
  'microsoft.communication/communicationservices': 'Azure Communication Services',
  'microsoft.datalakestore/accounts': 'Azure Data Lake Storage',
  'microsoft.recoveryservices/vaults/replicationfabrics': 'Site Recovery',
};

/** Cognitive Services accounts are Azure OpenAI when their kind says so. */
const ARM_BY_KIND: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'microsoft.cognitiveservices/accounts': { openai: 'Azure OpenAI Service', '': 'Cognitive Services' },
};


/** azd's `host:` values in azure.yaml. */
const AZD_HOSTS: Readonly<Record<string, string>> = {
  appservice: 'App Service',
  function: 'Azure Functions',
  containerapp: 'Azure Container Apps',
  aks: 'Azure Kubernetes Service (AKS)',
  staticwebapp: 'Azure Static Web Apps',
  springapp: 'Azure Spring Apps',
};

/** The Service Health service of an ARM type (any api-version stripped), or undefined. */
export function serviceOfArmType(type: string, kind?: string): string | undefined {
  let key = type.split('@')[0]?.trim().toLowerCase() ?? '';
  for (;;) {
    const byKind = ARM_BY_KIND[key];
    if (byKind) {
      const k = (kind ?? '').toLowerCase();
      return byKind[k] ?? byKind[''];
    }
    if (key === 'microsoft.web/sites' && kind !== undefined && /functionapp/i.test(kind)) {
      return 'Azure Functions';
    }
    const hit = ARM[key];
    if (hit) {
      return hit;
    }
    const cut = key.lastIndexOf('/');
    // Microsoft.X/a/b → Microsoft.X/a: a child belongs to its parent's service.
    if (cut < 0 || key.indexOf('/') === cut) {
      return undefined;
    }
    key = key.slice(0, cut);
  }
}

export function serviceOfAzurermType(type: string, kind?: string): string | undefined {
  if (type === 'azurerm_cognitive_account' && kind?.toLowerCase() === 'openai') {
    return 'Azure OpenAI Service';
  }
  return AZURERM[type];
}

export function serviceOfAzdHost(host: string): string | undefined {
  return AZD_HOSTS[host.trim().toLowerCase()];
}

/** True when an event's service name is this target's service ("Azure Kubernetes Service" = "Azure Kubernetes Service (AKS)"). */
export function sameService(a: string, b: string): boolean {
  return serviceKey(a) === serviceKey(b);
}

/** Types that deploy no service of their own (groups, identities, role assignments): skipped without a reason. */
export function isWithoutService(type: string): boolean {
  const t = type.toLowerCase();
  return (
    t.startsWith('microsoft.resources/') ||
    t.startsWith('microsoft.authorization/') ||
    t === 'microsoft.insights/diagnosticsettings' ||
    /^azurerm_(resource_group|role_assignment|role_definition|management_lock|client_config|subscription)$/.test(t)
  );
}

/**
 * Resource types the reader understands that are deployed to a region but that no Service Health
 * service covers: an informational note, never a reason the check is incomplete.
 */
const NOT_COVERED = new Set([
  'microsoft.managedidentity/userassignedidentities',
  'microsoft.portal/dashboards',
  'microsoft.resources/deploymentscripts',
  'microsoft.web/connections',
  'microsoft.maps/accounts',
  'microsoft.alertsmanagement/smartdetectoralertrules',
  'microsoft.alertsmanagement/actionrules',
  'azurerm_user_assigned_identity',
  'azurerm_portal_dashboard',
]);

export function isNotCovered(type: string): boolean {
  return NOT_COVERED.has(type.toLowerCase());
}

/** Every service name the tables above can produce (a unit test checks them against Service Health's names). */
export function mappedServiceNames(): string[] {
  const kinds = Object.values(ARM_BY_KIND).flatMap((byKind) => Object.values(byKind));
  return [...new Set([...Object.values(ARM), ...kinds, ...Object.values(AZURERM), ...Object.values(AZD_HOSTS), 'Azure OpenAI Service'])];
}
