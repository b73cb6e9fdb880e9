/**
 * The parsing libraries the template reader uses (jsonc-parser for ARM JSON, yaml for azure.yaml),
 * in their own bundle (dist/infraParsers.js) loaded on the first template read: they would add
 * ~100 KB to the extension's start bundle, and most windows never read a template.
 */
export { createScanner, parseTree, printParseErrorCode } from 'jsonc-parser';
export { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
