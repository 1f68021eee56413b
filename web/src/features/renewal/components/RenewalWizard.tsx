import { Alert, Button, Descriptions, Drawer, List, Result, Select, Space, Steps } from 'antd';
import { useState } from 'react';
import {
  ACTIVATION_WORKING_DAYS,
  RENEWAL_MAX_YEARS,
  renewalFees,
  type RenewalMold,
  type RenewalRecord,
} from '@mouldwatch/shared';
import { createRenewal } from '../api/createRenewal';
import { useBankCountries, useCountryGuess, usePriceList } from '../api/lookups';
import { useRenewalTranslation } from '../catalog';
import { DaysLeft, bankItems, country, money, refreshRenewal } from './parts';

const YEARS = Array.from({ length: RENEWAL_MAX_YEARS }, (_, index) => index + 1);

/**
 * Renewal in four steps: the renewal mould list, the country selection (the server's offline
 * guess preselected), the renewal fees (years × devices × the country's yearly price), then the
 * unpaid order with the bank to remit to.
 */
export function RenewalWizard({
  molds,
  open,
  onRemove,
  onClose,
  onOrdered,
  onRemit,
}: {
  molds: RenewalMold[];
  open: boolean;
  onRemove(id: number): void;
  onClose(): void;
  onOrdered(): void;
  onRemit(order: RenewalRecord): void;
}) {
  const { t } = useRenewalTranslation();
  const [step, setStep] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [years, setYears] = useState(1);
  const [placing, setPlacing] = useState(false);
  const [order, setOrder] = useState<RenewalRecord | null>(null);
  const prices = usePriceList();
  const countries = useBankCountries();
  const guess = useCountryGuess();
  const known = countries.data?.map((row) => row.country) ?? [];
  const guessed = guess.data?.country && known.includes(guess.data.country) ? guess.data.country : null;
  const chosen = picked ?? guessed;
  const price = prices.data?.find((row) => row.country === chosen);

  const place = async () => {
    if (!chosen) return;
    setPlacing(true);
    try {
      const created = await createRenewal({ mold_ids: molds.map((mold) => mold.id), years, country: chosen });
      setOrder(created);
      setStep(3);
      onOrdered();
      await refreshRenewal();
    } catch {
      // The API client has shown the server's message.
    } finally {
      setPlacing(false);
    }
  };

  const close = () => {
    setStep(0);
    setOrder(null);
    onClose();
  };

  const steps = [
    { title: t('wizard.steps.molds') },
    { title: t('wizard.steps.country') },
    { title: t('wizard.steps.fees') },
    { title: t('wizard.steps.order') },
  ];

  return (
    <Drawer
      open={open}
      title={t('wizard.title')}
      size="min(640px, 100vw)"
      onClose={close}
      maskClosable={false}
      destroyOnHidden
      data-testid="renewal-wizard"
    >
      <Steps size="small" current={step} items={steps} className="mw-rn-steps" />
      {step === 0 ? (
        <section className="mw-rn-molds-step" data-testid="wizard-molds">
          <p>{t('wizard.moldsIntro', { count: molds.length })}</p>
          <List
            size="small"
            bordered
            dataSource={molds}
            renderItem={(mold) => (
              <List.Item
                actions={[
                  <Button key="remove" type="link" danger onClick={() => onRemove(mold.id)}>
                    {t('wizard.remove')}
                  </Button>,
                ]}
              >
                <div className="mw-rn-mould">
                  <span>
                    {mold.mold_number || '—'} · {mold.name}
                  </span>
                  <span className="mw-rn-muted">{mold.device_no ?? '—'}</span>
                </div>
                <DaysLeft days={mold.days_left} />
              </List.Item>
            )}
          />
        </section>
      ) : null}
      {step === 1 ? (
        <section data-testid="wizard-country">
          <p>{t('wizard.countryIntro')}</p>
          <label className="mw-rn-label" htmlFor="renewal-country">
            {t('wizard.country')}
          </label>
          <Select<string>
            id="renewal-country"
            className="mw-rn-country"
            placeholder={t('wizard.countryPick')}
            value={chosen ?? undefined}
            loading={countries.isPending}
            options={known.map((code) => ({ value: code, label: country(code) }))}
            onChange={setPicked}
            data-testid="wizard-country-select"
          />
          {chosen && chosen === guessed && picked === null ? (
            <div className="mw-rn-muted" data-testid="wizard-country-guessed">
              {t('wizard.countryGuessed')}
            </div>
          ) : null}
        </section>
      ) : null}
      {step === 2 && price ? (
        <section data-testid="wizard-fees">
          <label className="mw-rn-label" htmlFor="renewal-years">
            {t('wizard.years')}
          </label>
          <Select<number>
            id="renewal-years"
            className="mw-rn-country"
            value={years}
            options={YEARS.map((count) => ({ value: count, label: t('wizard.yearOption', { count }) }))}
            onChange={setYears}
            data-testid="wizard-years"
          />
          <Descriptions className="mw-rn-fees" size="small" column={1} bordered>
            <Descriptions.Item label={t('wizard.country')}>{country(price.country)}</Descriptions.Item>
            <Descriptions.Item label={t('wizard.unitPrice')}>
              {money(price.unit_amount, price.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('wizard.devices')}>{molds.length}</Descriptions.Item>
            <Descriptions.Item label={t('wizard.years')}>{years}</Descriptions.Item>
            <Descriptions.Item label={t('wizard.total')}>
              <strong className="mw-rn-total" data-testid="wizard-total">
                {money(renewalFees(price.unit_amount, molds.length, years), price.currency)}
              </strong>
            </Descriptions.Item>
          </Descriptions>
        </section>
      ) : null}
      {step === 3 && order ? (
        <Result
          status="success"
          title={<span data-testid="wizard-order-number">{t('wizard.created', { orderNo: order.order_number })}</span>}
          subTitle={t('wizard.remitTo', { amount: money(order.remittance_amount, order.currency) })}
          extra={
            <Space wrap>
              <Button type="primary" onClick={() => onRemit(order)} data-testid="wizard-remit">
                {t('wizard.fillNow')}
              </Button>
              <Button onClick={close}>{t('wizard.later')}</Button>
            </Space>
          }
        >
          <Descriptions size="small" column={1} bordered data-testid="wizard-bank">
            {bankItems(order, t)}
            <Descriptions.Item label={t('detail.amount')}>
              <strong>{money(order.remittance_amount, order.currency)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <Alert
            className="mw-rn-promise"
            type="info"
            showIcon
            title={t('wizard.promise')}
            data-days={ACTIVATION_WORKING_DAYS}
          />
        </Result>
      ) : null}
      {step < 3 ? (
        <div className="mw-rn-wizard-actions">
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('wizard.previous')}</Button> : <span />}
          {step < 2 ? (
            <Button
              type="primary"
              disabled={(step === 0 && molds.length === 0) || (step === 1 && !price)}
              onClick={() => setStep(step + 1)}
              data-testid="wizard-next"
            >
              {t('wizard.next')}
            </Button>
          ) : (
            <Button
              type="primary"
              loading={placing}
              disabled={!price || molds.length === 0}
              onClick={() => void place()}
              data-testid="wizard-place"
            >
              {t('wizard.placeOrder')}
            </Button>
          )}
        </div>
      ) : null}
    </Drawer>
  );
}
