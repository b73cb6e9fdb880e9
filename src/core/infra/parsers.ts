/**
 * The reader's parsing libraries (jsonc-parser for ARM JSON, yaml for azure.yaml). Only the reader's
 * worker (dist/infraWorker.js), the CLI and the MCP server read templates, and each bundles them;
 * the extension's own bundles never parse a template, so they never carry these libraries.
 */
import { createScanner, parseTree, printParseErrorCode } from 'jsonc-parser';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';

const LIBRARIES = { createScanner, parseTree, printParseErrorCode, isMap, isScalar, LineCounter, parseDocument } as const;

export type InfraParsers = typeof LIBRARIES;

export function parsers(): InfraParsers {
  return LIBRARIES;
}
