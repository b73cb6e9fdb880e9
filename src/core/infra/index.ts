/** The infrastructure reader: what a workspace's templates deploy, where (issue 24). */
export { InfraIndex } from './infraIndex';
export { readInfraDir, DEFAULT_LIMITS, type ReadDirLimits, type ReadDirOptions } from './readDir';
export { matchEvents, isGateEvent, type InfraMatch } from './match';
export { infraFileKind } from './classify';
export type { InfraReport, InfraTarget, InfraUnresolved } from './types';
