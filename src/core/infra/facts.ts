/** What one file declares, before any cross-file resolution (the unit the index caches per file). */
import type { Expr, InfraUnresolved, Pos, ResourceDecl } from './types';

export interface ParamDecl {
  readonly default?: Expr;
  readonly pos: Pos;
}

/** A call that passes parameter values to another template (Bicep `module`, Terraform `module`). */
export interface ModuleCall {
  /** The module's path as written (relative to the calling file's folder). */
  readonly source: string;
  readonly values: ReadonlyMap<string, Expr>;
  /** Where the call is (for "the module file was not found"). */
  readonly pos?: Pos;
}

/** A template: Bicep file, ARM JSON template, or one Terraform file (merged per folder when resolved). */
export interface TemplateFacts {
  readonly kind: 'bicep' | 'arm' | 'terraform';
  readonly params: ReadonlyMap<string, ParamDecl>;
  readonly vars: ReadonlyMap<string, Expr>;
  readonly resources: readonly ResourceDecl[];
  readonly modules: readonly ModuleCall[];
  /** ARM nested deployments with an inner-scoped inline template: a module inside the same file. */
  readonly inline?: readonly InlineTemplate[];
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

/** A `Microsoft.Resources/deployments` resource whose inline template has its own parameters (scope `inner`). */
export interface InlineTemplate {
  /** Unique within its file (the deployment's name as written, and its place). */
  readonly name: string;
  readonly facts: TemplateFacts;
  /** The values its `parameters` give, evaluated in the template that holds it. */
  readonly values: ReadonlyMap<string, Expr>;
}

/** Parameter values for a template: .bicepparam, parameters JSON, .tfvars. */
export interface ParamFileFacts {
  readonly kind: 'params';
  /** The template the values are for (relative to this file's folder); for .tfvars, the folder itself. */
  readonly target: string;
  readonly values: ReadonlyMap<string, Expr>;
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

/** azure.yaml: the services azd deploys, by host. */
export interface AzdProjectFacts {
  readonly kind: 'azd';
  readonly services: readonly { readonly host: string; readonly pos: Pos }[];
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

/** `.azure/<env>/.env`: the variables of one azd environment. */
export interface AzdEnvFacts {
  readonly kind: 'env';
  readonly values: ReadonlyMap<string, string>;
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

/** `.azure/config.json`: the environment azd uses when none is named (`azd env select`). */
export interface AzdConfigFacts {
  readonly kind: 'azdconfig';
  readonly defaultEnvironment?: string;
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

/** A file that was not read (binary, too large, unreadable), with why. */
export interface SkippedFacts {
  readonly kind: 'skipped';
  readonly problems: readonly Omit<InfraUnresolved, 'file'>[];
}

export type FileFacts = TemplateFacts | ParamFileFacts | AzdProjectFacts | AzdEnvFacts | AzdConfigFacts | SkippedFacts;

export const problem = (pos: Pos, reason: string): Omit<InfraUnresolved, 'file'> => ({ line: pos.line, column: pos.column, reason });
