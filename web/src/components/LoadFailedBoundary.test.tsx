import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadFailedBoundary } from './LoadFailedBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoadFailedBoundary', () => {
  it('offers a reload where a part of the console could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await act(async () => {
      render(
        <LoadFailedBoundary>
          <Suspense fallback="loading">
            <Missing />
          </Suspense>
        </LoadFailedBoundary>,
      );
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'common.loadFailedcommon.reload');
  });

  it('shows what loaded', async () => {
    const Loaded = lazy(() => Promise.resolve({ default: () => <p>screen</p> }));
    await act(async () => {
      render(
        <LoadFailedBoundary>
          <Suspense fallback="loading">
            <Loaded />
          </Suspense>
        </LoadFailedBoundary>,
      );
    });
    expect(await screen.findByText('screen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
