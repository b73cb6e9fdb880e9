/** What dist/agent.js exports (scripts/build.mjs): the language-model tools' answers, input schemas and error wording. */
export { answerText } from '../../core/agent/budget';
export { HealthTools } from '../../core/agent/healthTools';
export { checkWorkspaceInput, getEventInput, getResourceHealthInput, impactedResourcesInput, listEventsInput, listResourceHealthInput, parseInput, ToolInputError } from '../../core/agent/inputs';
export { toolErrorMessage } from '../../core/agent/toolErrors';
