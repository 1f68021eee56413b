/** A valid remittance of an order to a Chinese bank (`PUT /api/renewal/renewal/{id}/`), with `extra` over it. */
export const remittance = (extra: Record<string, unknown> = {}) => ({
  remitter: 'ACME Moulds Ltd',
  account_number: '6222 0212 3456 7890',
  transaction_serial_number: 'TX-2026-0001',
  country: 'CN',
  renewal_type: 'corporate',
  ...extra,
});
