import { serverText } from '../../../i18n';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/auth';
import { confirm, toast } from '../../../lib/feedback';
import { logout } from '../api/logout';

/** Logout after the spec's confirmation: the server revokes the tokens, the console forgets the user. */
export function useConfirmLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () =>
    confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmContent'),
      okText: t('header.logout'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'logout-confirm' },
      onOk: async () => {
        await logout().catch(() => undefined);
        endSession();
        toast.success(serverText('loggedOut'));
        navigate('/login', { replace: true });
      },
    });
}
