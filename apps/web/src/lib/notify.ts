import { notifications } from '@mantine/notifications';

/** Toasts (Mantine notifications, top-right). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'teal', message, title, autoClose: 4000 });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', message, title, autoClose: 6000 });
}
