import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { dismissNotice, noticeId, notifyError, notifySuccess } from './notify';

const showing = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((n) => String(n.message));

describe('notify', () => {
  it('shows a repeated message once, restarting its time', () => {
    notifySuccess('Saved.');
    notifySuccess('Saved.');
    expect(showing()).toEqual(['Saved.']);
    const [toast] = notificationsStore.getState().notifications;
    expect(toast?.id).toBe(noticeId('Saved.'));
    // A changed autoClose is what restarts the toast's timer.
    expect(toast?.autoClose).toBe(4001);
  });

  it('shows one toast at a time: a new message takes the place of the one showing', () => {
    notifySuccess('Saved.');
    notifyError('Failed.');
    expect(showing()).toEqual(['Failed.']);
    dismissNotice('Failed.');
    expect(showing()).toEqual([]);
  });
});
