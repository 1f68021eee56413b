import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RenewalRecord } from '@mouldwatch/shared';
import { fillJsdomGaps } from '../../../test/fixtures';

vi.mock('../../../i18n/featureCatalogs', () => ({
  registerFeatureCatalog: () => undefined,
  useFeatureTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
  }),
}));
vi.mock('../../../lib/feedback', () => ({ toast: { success: vi.fn() } }));
vi.mock('../api/lookups', () => ({
  useBankCountries: () => ({ data: [{ country: 'CN', currency: 'CNY' }], isPending: false }),
}));
const remitRenewal = vi.fn();
vi.mock('../api/remitRenewal', () => ({ remitRenewal }));
const refreshRenewal = vi.fn(async () => undefined);
vi.mock('./parts', () => ({
  country: (code: string) => code,
  money: (minor: number, currency: string) => `${minor} ${currency}`,
  refreshRenewal,
}));

const { RemittanceDialog } = await import('./RemittanceDialog');

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const order = {
  id: 7,
  order_number: 'RN-7',
  status: 'unpaid',
  remittance_amount: 12_000,
  currency: 'CNY',
  country: 'CN',
  bank_of_deposit: 'Bank of Moulds',
  account_name: 'Mouldwatch Ltd',
  account_number: '6222 0000 1111',
  remitter: 'ACME',
  remitter_account_number: '6222 0212 3456 7890',
  remitter_country: 'CN',
  transaction_serial_number: 'TX-1',
  renewal_type: 'corporate',
  remark: '',
} as unknown as RenewalRecord;

function open() {
  const onClose = vi.fn();
  render(<RemittanceDialog order={order} onClose={onClose} />);
  return onClose;
}

describe('RemittanceDialog', () => {
  it('shows the order and its receiving bank above the form, filled in with what the order holds', async () => {
    open();
    expect(await screen.findByText('remittance.title')).toBeTruthy();
    expect(screen.getByText('remittance.orderSummary {"orderNo":"RN-7","amount":"12000 CNY"}')).toBeTruthy();
    expect(screen.getByText('Bank of Moulds')).toBeTruthy();
    expect((screen.getByTestId('remit-remitter') as HTMLInputElement).value).toBe('ACME');
    expect((screen.getByTestId('remit-account') as HTMLInputElement).value).toBe('6222 0212 3456 7890');
  });

  it('refuses a malformed account number under the field, sending nothing', async () => {
    open();
    fireEvent.change(await screen.findByTestId('remit-account'), { target: { value: '12-34' } });
    fireEvent.click(screen.getByTestId('remittance-submit'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).toBeTruthy());
    expect(remitRenewal).not.toHaveBeenCalled();
  });

  it('sends the remittance, refreshes the lists and closes; stays open when the server refuses', async () => {
    remitRenewal.mockResolvedValueOnce({ record: order, msg: 'Remitted' });
    const onClose = open();
    fireEvent.change(await screen.findByTestId('remit-serial'), { target: { value: ' TX-2 ' } });
    fireEvent.click(screen.getByTestId('remittance-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(remitRenewal).toHaveBeenCalledWith(7, expect.objectContaining({ transaction_serial_number: 'TX-2' }));
    expect(refreshRenewal).toHaveBeenCalledTimes(1);

    cleanup();
    remitRenewal.mockRejectedValueOnce(new Error('refused'));
    const stays = open();
    fireEvent.click(await screen.findByTestId('remittance-submit'));
    await waitFor(() => expect(remitRenewal).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('remittance-submit').className).not.toContain('ant-btn-loading'));
    expect(stays).not.toHaveBeenCalled();
  });
});
