import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm, toast, warningPopup } from './feedback';

// The popups live in roots of their own and close on timers (their durations, rc-motion's
// deadlines). Left to real time, a late timer's render could start after jsdom was torn down and
// find no window, failing the run. Under a fake clock that still moves with real time, the end of
// the file plays every timer out, drops what is left, and lets React's last render run first.
const POPUP_TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;
const ANIMATION_FRAMES = ['requestAnimationFrame', 'cancelAnimationFrame'] as const;

beforeAll(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: [...POPUP_TIMERS, ...ANIMATION_FRAMES] });
  // antd takes a while to load under jsdom: once, before the first popup's wait starts.
  await Promise.all([import('./toastHost'), import('./confirmHost'), import('./alarmPopupHost')]);
});
afterEach(cleanup);
afterAll(async () => {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  await act(() => vi.advanceTimersByTimeAsync(30_000));
  vi.clearAllTimers();
  vi.useRealTimers();
  // React's scheduler yields every few milliseconds: give its last render a few turns to finish.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
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
