/** Names the manifest's menus and the resource rows share (VS Code-free, so unit tests read them). */

/** contextValue of a resource row; `;portal` when it has a portal page, `;id` when it has an ARM id. */
export const RESOURCE_CONTEXT = 'serviceHealth.resource';
