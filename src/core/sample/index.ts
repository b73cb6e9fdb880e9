/** Public API of the sample service (a local stand-in for the health events and rate-limit APIs). */
export { startSampleService, EVENTS_API_VERSIONS, SUBSCRIPTIONS_API_VERSIONS } from './server';
export { RESOURCE_GRAPH_API_VERSIONS, RESOURCE_GRAPH_MAX_SUBSCRIPTIONS } from './resourceGraph';
export type { SampleService, SampleServiceOptions, SampleStats, SampleKnobs } from './server';
export { FaultController } from './faults';
export type { Fault, FaultInjector, FaultMatch } from './faults';
export { generateEvents } from './generator';
export { eventIdFor, EVENT_RESOURCE_TYPE, priorityOf } from './eventVocabulary';
export { generateGuids, mulberry32 } from './seededRandom';
export type { GeneratedEvent, GenerateOptions } from './generator';
export { SampleRateLimiter } from './rateLimiter';
export type { RateLimitOptions, LimitCounters, WindowStatus, Admission, AdmitRequest, ArmBucketName } from './rateLimiter';
export { parseQueryStartTime } from './queryTime';
export { createAuthenticator } from './authentication';
export type { AuthRecord, Authenticator, AuthRejection } from './authentication';
export { mintToken, verifyBearer } from './signedTokens';
export type { TokenClaims, TokenCheck } from './signedTokens';
