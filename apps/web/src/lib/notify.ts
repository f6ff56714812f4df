import { notifications, notificationsStore, type NotificationData } from '@mantine/notifications';

type NotificationPosition = NotificationData['position'];

/**
 * Toasts (Mantine notifications; where they show is app/provider.tsx's business). One at a time: a new
 * message takes the place of the one showing (a stack of them grew up the screen over the dialogs'
 * buttons, and a phone has room for one). A message is its own id: showing it again while it is on
 * screen restarts its time instead of adding a copy.
 */
export function noticeId(message: string): string {
  return `notice:${message}`;
}

function notify(color: string, message: string, title: string | undefined, autoClose: number, position?: NotificationPosition): void {
  const id = noticeId(message);
  const { notifications: shown, queue } = notificationsStore.getState();
  const current = shown.find((n) => n.id === id) ?? queue.find((n) => n.id === id);
  if (shown.length + queue.length > (current ? 1 : 0)) notifications.updateState(notificationsStore, (list) => list.filter((n) => n.id === id));
  if (current) {
    // Its timer restarts when its autoClose changes (NotificationContainer's effect): alternate by 1 ms.
    notifications.update({ id, color, message, title, autoClose: current.autoClose === autoClose ? autoClose + 1 : autoClose });
    return;
  }
  notifications.show({ id, color, message, title, autoClose, position });
}

export function notifySuccess(message: string, title?: string): void {
  notify('teal', message, title, 4000);
}

/**
 * A success the screen moves on from at once (the login's "Valid credentials, please continue"): two
 * seconds at the top, under the top bar, over the page's title rather than the photos' and the phone
 * menu's controls at the bottom; never over a dialog (the editor) opened meanwhile (app/toasts.module.css).
 */
export function notifyPassing(message: string): void {
  notify('teal', message, undefined, 2000, 'top-center');
}

export function notifyError(message: string, title?: string): void {
  notify('red', message, title, 6000);
}

/** Takes a toast away early (e.g. "Please select at least one photo." once a photo is selected). */
export function dismissNotice(message: string): void {
  notifications.hide(noticeId(message));
}
