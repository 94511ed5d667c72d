export { NotificationBell } from './components/NotificationBell.tsx';
