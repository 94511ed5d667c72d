/**
 * What other features use from statistics: the background reporter of visitors' events
 * (a few hundred bytes; the first route loads it on demand). The screen is a route of its own.
 */
export { flushStats, trackStats, type StatsEventType } from './events.ts';
