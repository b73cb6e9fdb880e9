/** What dist/chat.js exports (scripts/build.mjs): the answers of `@health`, with the query language they use. */
export { HealthChatAnswers } from './healthParticipant';
