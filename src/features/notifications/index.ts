export { NotificationBell } from './components/NotificationBell.tsx';
export { useNotificationsStore, clearNotificationsStore, NOTIFICATIONS_STORE } from './store.ts';
export { routeForNotification, type AppNotification } from './model.ts';
