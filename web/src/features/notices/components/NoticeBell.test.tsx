import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../lib/session';
import { NoticeBell } from './NoticeBell';

afterEach(() => {
  cleanup();
  useSession.getState().setNoticeNum(0);
});

describe('NoticeBell', () => {
  it('shows the unread count on the bell: none at 0, 99+ above 99', () => {
    render(<NoticeBell />);
    expect(screen.queryByTestId('notice-badge')).toBeNull();
    act(() => useSession.getState().setNoticeNum(7));
    expect(screen.getByTestId('notice-badge').textContent).toBe('7');
    expect(screen.getByTestId('notice-bell').getAttribute('aria-label')).toBe('header.notifications (7)');
    act(() => useSession.getState().setNoticeNum(99));
    expect(screen.getByTestId('notice-badge').textContent).toBe('99');
    act(() => useSession.getState().setNoticeNum(100));
    expect(screen.getByTestId('notice-badge').textContent).toBe('99+');
  });
});
