import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkOrderRecord } from '@mouldwatch/shared';
import { fillJsdomGaps } from '../../../test/fixtures';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));

const { ProgressCell } = await import('./parts');

beforeAll(fillJsdomGaps);
afterEach(cleanup);

const order = (finished: number, quantity: number, status: WorkOrderRecord['status'] = 'finish') =>
  ({
    id: 7,
    status,
    finished,
    quantity,
    remaining: Math.max(0, quantity - finished),
    expected_finish: null,
  }) as WorkOrderRecord;

describe('ProgressCell', () => {
  it('says how far a back-filled batch ran past the quantity, not "Remaining 0"', () => {
    render(<ProgressCell order={order(6350, 4900)} />);
    expect(screen.getByTestId('work-order-over-7').textContent).toBe('progress.over {"over":1450}');
    expect(screen.queryByText(/progress.remaining/)).toBeNull();
  });

  it('shows the remainder while short of the quantity', () => {
    render(<ProgressCell order={order(4500, 4900)} />);
    expect(screen.getByText('progress.remaining {"remaining":400}')).toBeTruthy();
    expect(screen.queryByTestId('work-order-over-7')).toBeNull();
  });

  it("draws a working order's bar without an endless animation: the screen stays open all shift", () => {
    const { container } = render(<ProgressCell order={order(2500, 4900, 'working')} />);
    expect(container.querySelector('.ant-progress')).not.toBeNull();
    expect(container.querySelector('.ant-progress-status-active')).toBeNull();
  });
});
