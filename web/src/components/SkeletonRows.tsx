import { useTranslation } from 'react-i18next';

interface SkeletonRowsProps {
  rows: number;
  className?: string;
}

/** Grey shimmering lines where content is loading (a title, then the rows, the last one shorter). */
export function SkeletonRows({ rows, className }: SkeletonRowsProps) {
  const { t } = useTranslation();
  return (
    <div
      className={className ? `mw-skeleton ${className}` : 'mw-skeleton'}
      role="status"
      aria-label={t('common.loading')}
    >
      <span className="mw-skeleton-title" />
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="mw-skeleton-line" />
      ))}
    </div>
  );
}
