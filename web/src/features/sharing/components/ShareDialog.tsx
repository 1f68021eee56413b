import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shareFormSchema, type MoldTreeNode, type ShareCreated, type SharedUserInfo } from '@mouldwatch/shared';
import { MouldTreePicker, checksAny, treeChange, type Ticks } from '../../../components/mould-tree';
import { SkeletonRows } from '../../../components/SkeletonRows';
import { serverText } from '../../../i18n';
import { toast } from '../../../lib/feedback';
import { fieldIssue } from '../../../lib/forms';
import { getShareInfo, getShareTree, shareTreeKey, useShareTree, useViewerRoles } from '../api/shareDialog';
import { shareUser } from '../api/shareUser';
import { useSharingTranslation } from '../catalog';
import { copyText } from './copyText';
import '../sharing.css';

/** The tree's texts in the interface language. */
export function useTreeTexts() {
  const { t } = useSharingTranslation();
  return {
    ungrouped: t('tree.ungrouped'),
    search: t('tree.search'),
    nothingFound: t('tree.nothingFound'),
    more: (count: number) => t('tree.more', { count }),
    selected: (count: number) => t('tree.selected', { count }),
  };
}

/**
 * The tree with its loading, failed and empty states: `tree` is its first answer for the recipient
 * (null: none yet) in the mode; `ticks` what the user did, kept when the recipient changes.
 */
export function ShareTree({
  tree,
  recipient,
  mode,
  ticks,
  onChange,
}: {
  tree: { data?: MoldTreeNode[]; isPending: boolean; isError: boolean; refetch(): unknown };
  recipient: number | null;
  mode: 'add' | 'edit';
  ticks: Ticks;
  onChange(ticks: Ticks): void;
}) {
  const { t } = useSharingTranslation();
  const texts = useTreeTexts();
  if (tree.isPending) return <SkeletonRows rows={5} />;
  if (tree.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('dialog.loadFailed')}
        action={<Button onClick={() => void tree.refetch()}>{t('dialog.retry')}</Button>}
      />
    );
  if (!tree.data?.length) return <Empty description={t('dialog.empty')} />;
  return (
    <MouldTreePicker
      first={tree.data}
      load={(part, signal) => getShareTree(recipient, mode, part, signal)}
      queryKey={shareTreeKey(recipient, mode)}
      ticks={ticks}
      onChange={onChange}
      texts={texts}
      height={300}
    />
  );
}

/**
 * The share dialog (spec §2 "Share dialog", §4 "Share flow"): e-mail (trimmed, checked, then looked
 * up: moulds already shared with it are ticked and fixed), a viewer role and the moulds; after the
 * share, the link with copy and close. Closing resets the form.
 */
export function ShareDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useSharingTranslation();
  const { t: tAll } = useTranslation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [role, setRole] = useState<number>();
  const [roleError, setRoleError] = useState<string>();
  const [existing, setExisting] = useState<SharedUserInfo | null>(null);
  const [lookedUp, setLookedUp] = useState('');
  const [ticks, setTicks] = useState<Ticks>(new Map());
  const [result, setResult] = useState<ShareCreated | null>(null);
  const [saving, setSaving] = useState(false);
  const roles = useViewerRoles(open);
  const tree = useShareTree(existing?.id ?? null, 'add', open);

  const reset = () => {
    setEmail('');
    setEmailError(undefined);
    setRole(undefined);
    setRoleError(undefined);
    setExisting(null);
    setLookedUp('');
    setTicks(new Map());
    setResult(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const emailIssue = (value: string) => {
    const key = fieldIssue(shareFormSchema, { email: value, role: 1, moldIds: [] }, 'email');
    return key ? tAll(key, { ns: 'validation' }) : undefined;
  };

  /** The spec's look-up: a valid address the caller shared with before preloads its moulds. */
  const lookUp = async () => {
    const trimmed = email.trim();
    const issue = emailIssue(email);
    setEmailError(issue);
    if (issue || trimmed.toLowerCase() === lookedUp) return;
    setLookedUp(trimmed.toLowerCase());
    const info = await getShareInfo(trimmed).catch(() => null);
    // The ticks stay (the click that left the field is one, made while the look-up ran): the
    // recipient's tree marks what they hold already, fixed, and the ticks apply to the rest.
    setExisting(info);
    if (info?.role && role === undefined) setRole(info.role.id);
  };

  const submit = async () => {
    const issue = emailIssue(email);
    setEmailError(issue);
    setRoleError(role === undefined ? tAll('roleRequired', { ns: 'validation' }) : undefined);
    if (issue || role === undefined || !tree.data) return;
    if (!checksAny(ticks)) {
      toast.error(serverText('20338'));
      return;
    }
    setSaving(true);
    try {
      const created = await shareUser({ email: email.trim(), role, change: treeChange(ticks) });
      toast.success(serverText('20288'));
      setResult(created);
    } catch {
      // The client has shown the server's message; the form stays as it was.
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    if (!result) return;
    if (await copyText(result.address)) toast.success(serverText('20289'));
  };

  const roleOptions = roles.data?.map((option) => ({ value: option.id, label: option.name })) ?? [];
  return (
    <Modal
      open={open}
      title={t('dialog.title')}
      onCancel={close}
      maskClosable={false}
      destroyOnHidden
      width={560}
      footer={
        result ? (
          <Button type="primary" onClick={close} data-testid="share-close">
            {t('dialog.close')}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t('dialog.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="share-submit">
              {t('dialog.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Result
          className="mw-share-result"
          status="success"
          title={t('dialog.resultTitle')}
          subTitle={t('dialog.resultText', { email: result.email })}
          extra={
            <div className="mw-share-link">
              <Input
                readOnly
                value={result.address}
                aria-label={t('dialog.link')}
                data-testid="share-link"
                onFocus={(event) => event.target.select()}
              />
              <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
                {t('dialog.copy')}
              </Button>
              <p className="mw-share-muted">
                {result.mailed ? t('dialog.mailed', { email: result.email }) : t('dialog.notMailed')}
              </p>
            </div>
          }
        />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('dialog.email')}
            required
            validateStatus={emailError ? 'error' : undefined}
            help={emailError}
          >
            <Input
              value={email}
              maxLength={254}
              placeholder={t('dialog.emailPlaceholder')}
              autoComplete="off"
              onChange={(event) => setEmail(event.target.value)}
              onBlur={() => void lookUp()}
              onPressEnter={() => void lookUp()}
              data-testid="share-email"
            />
          </Form.Item>
          <Form.Item
            label={t('dialog.role')}
            required
            validateStatus={roleError ? 'error' : undefined}
            help={roleError}
          >
            <Select
              value={role}
              placeholder={t('dialog.rolePlaceholder')}
              options={roleOptions}
              loading={roles.isPending}
              notFoundContent={roles.isPending ? undefined : t('dialog.noViewerRole')}
              onChange={(value: number) => {
                setRole(value);
                setRoleError(undefined);
              }}
              data-testid="share-role"
            />
          </Form.Item>
          <Form.Item label={t('dialog.moulds')} required>
            {existing && (
              <Alert
                className="mw-share-existing"
                type="info"
                showIcon
                title={t('dialog.existing', { email: existing.email })}
              />
            )}
            <p className="mw-share-muted">{t('dialog.hint')}</p>
            <ShareTree tree={tree} recipient={existing?.id ?? null} mode="add" ticks={ticks} onChange={setTicks} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
