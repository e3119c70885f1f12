/**
 * The lists the home page shows together (figures, services, events): one file for the three
 * (browser-blocks.ts), so a page with all of them loads one file, not three small ones.
 */
export { EventListBlock } from './event-list';
export { ServiceListBlock } from './service-list';
export { StatsBlock } from './stats';
