import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm, toast, warningPopup } from './feedback';

// antd takes a while to load under jsdom: once, before the first popup's wait starts.
beforeAll(() => Promise.all([import('./toastHost'), import('./confirmHost'), import('./alarmPopupHost')]));
afterEach(cleanup);
// The popups live in roots of their own, closing on timers: all go, and their closing motions end
// (jsdom plays no animation: rc-motion's 500 ms deadline ends them), before jsdom is torn down.
afterAll(async () => {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 1000));
});

describe('feedback popups, loaded on first use', () => {
  it('shows a toast', async () => {
    toast.success('Saved');
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain('Saved'));
  });

  it('asks, and runs the action on OK', async () => {
    const onOk = vi.fn();
    confirm({ title: 'Log out?', okText: 'Log out', cancelText: 'Cancel', onOk });
    await screen.findByRole('dialog');
    expect(screen.getByRole('dialog').textContent).toContain('Log out?');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it('keeps at most three alarm popups, the newest', async () => {
    for (const id of [1, 2, 3, 4]) warningPopup({ key: `notice-${id}`, title: `Alarm ${id}` });
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(3));
    const titles = [...document.querySelectorAll('.ant-notification-notice')].map((node) => node.textContent);
    expect(titles.join()).not.toContain('Alarm 1');
  });
});
