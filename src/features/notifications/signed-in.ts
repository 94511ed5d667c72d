/**
 * What signed-in screens of other features use from notifications: the push invite. Apart from
 * index.ts (the header's bell, in the first route): it pulls in the push subscription code.
 */
export { PushInvite } from './components/PushInvite.tsx';
