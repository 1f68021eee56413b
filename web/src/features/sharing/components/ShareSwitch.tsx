import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { useSharingTranslation } from '../catalog';

const MADE = '/moldsetting/share/sharecontent';
const RECEIVED = '/moldsetting/share/accept';

/** Between the shares made and received (route 29's two pages). */
export function ShareSwitch({ current }: { current: 'made' | 'received' }) {
  const { t } = useSharingTranslation();
  const navigate = useNavigate();
  return (
    <Segmented
      className="mw-share-switch"
      value={current === 'made' ? MADE : RECEIVED}
      options={[
        { value: MADE, label: t('made.toMade') },
        { value: RECEIVED, label: t('made.received') },
      ]}
      onChange={(path) => void navigate(path)}
      data-testid="share-switch"
    />
  );
}
