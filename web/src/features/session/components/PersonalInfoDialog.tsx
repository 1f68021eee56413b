import { serverText } from '../../../i18n';
import { Alert, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FREQUENCY_PERIODS,
  NOTICE_FREQUENCIES,
  profileSchema,
  type AlertChannels,
  type ProfileForm,
} from '@mouldwatch/shared';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { isRequiredBy, schemaField, schemaRule } from '../../../lib/forms';
import { toast } from '../../../lib/feedback';
import { useUserInfo } from '../api/getUserInfo';
import { useUpdateUserInfo } from '../api/updateUserInfo';

// The alert channel matrix and the frequency's meaning come with the alerts feature's chunk.
const alertsFeature = () => import('../../alerts');
const AlertChannelsField = lazy(() => alertsFeature().then((module) => ({ default: module.AlertChannelsField })));
const AlertChannelsLabel = lazy(() => alertsFeature().then((module) => ({ default: module.AlertChannelsLabel })));
const FrequencyMeaning = lazy(() => alertsFeature().then((module) => ({ default: module.FrequencyMeaning })));

type PersonalInfoForm = ProfileForm & { alertChannels: AlertChannels };

interface PersonalInfoDialogProps {
  open: boolean;
  onClose(): void;
}

/** Personal info (spec §3 "User info"): username read-only; name, e-mail, mobile and alert pushes. */
export function PersonalInfoDialog({ open, onClose }: PersonalInfoDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PersonalInfoForm>();
  const user = useUserInfo({ enabled: open });
  const update = useUpdateUserInfo();

  useEffect(() => {
    if (open && user.data) form.setFieldsValue(user.data);
  }, [open, user.data, form]);

  const save = async () => {
    const { username: _username, ...values } = await form.validateFields();
    update.mutate(values, {
      onSuccess: () => {
        toast.success(serverText('20282'));
        onClose();
      },
    });
  };

  const rule = (field: keyof ProfileForm) => [schemaRule(profileSchema, field, t)];
  const field = (name: keyof ProfileForm) => schemaField(profileSchema, name, t);
  return (
    <Modal
      open={open}
      title={t('profile.title')}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      okButtonProps={{ disabled: !user.data, 'data-testid': 'profile-save' }}
      destroyOnHidden
      forceRender
    >
      {user.isError ? <Alert type="error" showIcon title={t('profile.loadFailed')} /> : null}
      {user.isPending ? <SkeletonRows rows={6} /> : null}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        hidden={!user.data}
        data-testid="profile-form"
        initialValues={{ subscribe: 1, frequency: 3, frequencyPeriod: 'daily' }}
      >
        <div className="mw-inline-fields">
          <Form.Item name="username" label={t('profile.username')} required className="mw-grow">
            <Input disabled />
          </Form.Item>
          <Form.Item label={t('profile.role')} className="mw-grow">
            <Input disabled value={user.data?.role ?? ''} data-testid="profile-role" />
          </Form.Item>
        </div>
        <Form.Item name="name" label={t('profile.name')} extra={t('profile.nameHint')} {...field('name')}>
          <Input maxLength={64} data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="email" label={t('profile.email')} {...field('email')}>
          <Input type="email" maxLength={254} data-testid="profile-email" />
        </Form.Item>
        <Form.Item name="mobile" label={t('profile.mobile')} {...field('mobile')}>
          <Input maxLength={32} data-testid="profile-mobile" />
        </Form.Item>
        <Form.Item
          name="subscribe"
          label={t('profile.subscribe')}
          valuePropName="checked"
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={t('profile.subscribeOn')} unCheckedChildren={t('profile.subscribeOff')} />
        </Form.Item>
        <Form.Item
          label={t('profile.frequency')}
          extra={
            <>
              {t('profile.frequencyHint')}{' '}
              <Suspense fallback={null}>
                <FrequencyMeaning />
              </Suspense>
            </>
          }
          required={isRequiredBy(profileSchema, 'frequency')}
        >
          <div className="mw-inline-fields">
            <Form.Item name="frequency" noStyle rules={rule('frequency')}>
              <Select
                className="mw-frequency-select"
                data-testid="profile-frequency"
                options={NOTICE_FREQUENCIES.map((count) => ({
                  value: count,
                  label: t('profile.frequencyTimes', { count }),
                }))}
              />
            </Form.Item>
            <Form.Item name="frequencyPeriod" noStyle rules={rule('frequencyPeriod')}>
              <Radio.Group
                optionType="button"
                options={FREQUENCY_PERIODS.map((period) => ({ value: period, label: t(`profile.${period}`) }))}
              />
            </Form.Item>
          </div>
        </Form.Item>
        <Suspense fallback={<SkeletonRows rows={3} />}>
          <Form.Item name="alertChannels" label={<AlertChannelsLabel />}>
            <AlertChannelsField />
          </Form.Item>
        </Suspense>
      </Form>
    </Modal>
  );
}
