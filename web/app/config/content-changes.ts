/**
 * The in-process channel (node:diagnostics_channel) on which the server's content listener
 * announces a published change, so every cache of rendered content (the data cache in the app, the
 * page cache in web/server, two module graphs in one process) drops what it holds.
 */
export const CONTENT_CHANGED_CHANNEL = 'ascent:content-changed';
