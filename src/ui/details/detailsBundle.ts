/**
 * What dist/details.js exports (scripts/build.mjs): the details panels with the view model and HTML
 * they render, and an event as Markdown (Copy as Markdown), which shares their wording.
 */
export { EventDetailsPanels } from './eventDetailsPanels';
export { eventMarkdown } from '../../core/export/eventMarkdown';
export { ResourceHealthPanels } from '../resources/resourceHealthPanels';
