/**
 * What signed-in screens of other features use from profile (the push invite turns push on as
 * the settings do). Apart from index.ts, which the first route imports: this pulls in the push
 * subscription code.
 */
export { usePushSwitch } from './hooks/usePushSwitch.ts';
