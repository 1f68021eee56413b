import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SidebarEntry } from './sidebarItems';

/** An entry's icon, label and dot, as a link or a section's button shows them. */
export function SidebarLabel({ entry }: { entry: SidebarEntry }) {
  const { t } = useTranslation();
  return (
    <>
      {entry.icon ? (
        <span className="mw-nav-icon" aria-hidden="true">
          {entry.icon}
        </span>
      ) : null}
      <span className="mw-nav-label">{entry.label}</span>
      {entry.dot ? (
        <span className="mw-nav-dot" data-testid="renewal-dot">
          <span className="mw-visually-hidden">{t('layout.renewalDue')}</span>
        </span>
      ) : null}
    </>
  );
}

interface SidebarLinkProps {
  entry: SidebarEntry;
  /** The entry of the page shown. */
  current: boolean;
  /** Icon only: the label shows as the link's tooltip. */
  collapsed?: boolean;
  onNavigate?(): void;
}

/** One page of the sidebar, as a real link (a new tab on middle click). */
export function SidebarLink({ entry, current, collapsed = false, onNavigate }: SidebarLinkProps) {
  return (
    <li>
      <Link
        to={entry.key}
        className="mw-nav-item"
        aria-current={current ? 'page' : undefined}
        title={collapsed ? entry.label : undefined}
        onClick={onNavigate}
      >
        <SidebarLabel entry={entry} />
      </Link>
    </li>
  );
}
