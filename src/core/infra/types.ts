/** What the infrastructure reader finds: deployment targets, and what it could not resolve. */

/** One resource a template deploys: its Service Health service in one region, and where it says so. */
export interface InfraTarget {
  /** The service as Service Health names it ("App Service", "Azure Kubernetes Service (AKS)"). */
  readonly service: string;
  /** The region's display name ("West Europe"). */
  readonly region: string;
  /** Path relative to the folder read, with forward slashes. */
  readonly file: string;
  /** 1-based line and column of the location (or, without one, of the resource). */
  readonly line: number;
  readonly column: number;
  /** The resource's name, when written as a literal or a parameter the reader resolves to one value (never guessed). */
  readonly name?: string;
  /** Its ARM type (`Microsoft.Web/sites`), when known (not for Terraform types). */
  readonly resourceType?: string;
  /** 1-based line of the `name` property, when it has one. */
  readonly nameLine?: number;
  /** The region is the deployment's (`resourceGroup().location`), given from outside: `--location`, `--resource-group`, the editor's choice. */
  readonly regionAtDeployment?: boolean;
}

/** Something the reader skipped or could not evaluate; line 0 means the whole file. */
export interface InfraUnresolved {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  /** Informational: the reader understood the line but no Service Health service covers it; it does not make a check incomplete. */
  readonly info?: boolean;
  /** The region is the deployment's (`resourceGroup().location`): known once a resource group or region is given. */
  readonly regionAtDeployment?: boolean;
}

export interface InfraReport {
  readonly targets: readonly InfraTarget[];
  readonly unresolved: readonly InfraUnresolved[];
  /** Subscription ids azd environments name (AZURE_SUBSCRIPTION_ID), for "add this subscription?". */
  readonly subscriptions: readonly string[];
}

/** A position in a file, 1-based. */
export interface Pos {
  readonly line: number;
  readonly column: number;
}

/**
 * A value expression as far as the reader understands it: a string literal, a reference to a
 * parameter, variable or resource location, or something it cannot evaluate (with why).
 */
export type Expr =
  | { readonly k: 'str'; readonly v: string }
  | { readonly k: 'param'; readonly name: string }
  | { readonly k: 'var'; readonly name: string }
  | { readonly k: 'loc'; readonly symbol: string }
  /** An azd environment variable (`${AZURE_LOCATION}`, `readEnvironmentVariable('AZURE_LOCATION')`). */
  | { readonly k: 'env'; readonly name: string; readonly fallback?: string }
  /** `resourceGroup().location` or `deployment().location`: the region the deployment is sent to. */
  | { readonly k: 'deployRegion'; readonly of: 'resourceGroup' | 'deployment' }
  /** An array or object literal (a list of regions, a list of stamps), read for loops over it. */
  | { readonly k: 'array'; readonly items: readonly Expr[] }
  | { readonly k: 'object'; readonly props: ReadonlyMap<string, Expr> }
  /** A loop's item (`region`, `s.region`): each element of `array`, or the property `path` of each. */
  | { readonly k: 'each'; readonly array: Expr; readonly path: readonly string[] }
  | { readonly k: 'unknown'; readonly reason: string };

/** A resource declaration: its type, where it is, and its location expression (if it has one). */
export interface ResourceDecl {
  /** ARM type (`Microsoft.Web/sites`) or Terraform type (`azurerm_linux_web_app`). */
  readonly type: string;
  /** The symbolic name others refer to (`rg` of `azurerm_resource_group.rg`, Bicep's symbol). */
  readonly symbol: string;
  readonly pos: Pos;
  readonly location?: Expr;
  readonly locationPos?: Pos;
  /** The `name` property's expression and where it is. */
  readonly name?: Expr;
  readonly namePos?: Pos;
  /** Bicep `kind:` literal, ARM `kind` (a Function App is a `Microsoft.Web/sites` of kind functionapp). */
  readonly kind?: string;
  /** Declared `existing` (Bicep) or a data source: read, not deployed. */
  readonly existing?: boolean;
}
