/**
 * What other features use from statistics: the background reporter of visitors' events
 * (a few hundred bytes; the first route loads it on demand) and this device's random id (the
 * report dialog's limit per device). The screen is a route of its own.
 */
export { flushStats, trackStats } from './events.ts';
export { statsDevice, type StatsEventType } from './send.ts';
