import { WarningOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import './admin.css';

/** In place of a list whose call failed: what failed, and "Try again". */
export function LoadFailed({
  description,
  retryLabel,
  onRetry,
  testId,
}: {
  description: string;
  retryLabel: string;
  onRetry(): void;
  testId: string;
}) {
  return (
    <Empty
      className="mw-admin-failed"
      image={<WarningOutlined className="mw-admin-failed-icon" />}
      description={description}
      data-testid={testId}
    >
      <Button onClick={onRetry}>{retryLabel}</Button>
    </Empty>
  );
}
