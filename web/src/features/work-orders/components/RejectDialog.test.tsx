import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WorkOrderRecord } from '@mouldwatch/shared';
import { fillJsdomGaps } from '../../../test/fixtures';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('../../../lib/feedback', () => ({ toast: { success: vi.fn() } }));
const recordReject = vi.fn();
vi.mock('../api/recordReject', () => ({ recordReject }));

const { RejectDialog } = await import('./RejectDialog');

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const order = { id: 3, order_no: 'WO-3' } as unknown as WorkOrderRecord;

describe('RejectDialog', () => {
  it('names the order, refuses a quantity that is not a whole number, and sends nothing', async () => {
    render(<RejectDialog order={order} onClose={vi.fn()} />);
    expect(await screen.findByText('rejectDialog.title {"orderNo":"WO-3"}')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reject-quantity'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'rejectDialog.save' }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(recordReject).not.toHaveBeenCalled();
  });

  it('records the rejects with the remark and closes; stays open when the server refuses', async () => {
    recordReject.mockResolvedValueOnce('Recorded');
    const onClose = vi.fn();
    render(<RejectDialog order={order} onClose={onClose} />);
    fireEvent.change(await screen.findByTestId('reject-quantity'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('reject-remark'), { target: { value: 'flash' } });
    fireEvent.click(screen.getByRole('button', { name: 'rejectDialog.save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(recordReject).toHaveBeenCalledWith(3, { quantity: 12, remark: 'flash' });

    cleanup();
    recordReject.mockRejectedValueOnce(new Error('refused'));
    const stays = vi.fn();
    render(<RejectDialog order={order} onClose={stays} />);
    fireEvent.change(await screen.findByTestId('reject-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'rejectDialog.save' }));
    await waitFor(() => expect(recordReject).toHaveBeenCalledTimes(2));
    expect(stays).not.toHaveBeenCalled();
  });
});
