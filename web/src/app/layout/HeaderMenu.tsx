import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UserAvatar } from './UserMenu';

/**
 * The phone header's menu: the user button opens a panel holding what the wide header shows in a
 * row (preferences, the account menu). The panel stays mounted while closed, so a dialog one of its
 * controls opened stays open; a tap outside, Escape or navigating closes it.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <Button
        ref={button}
        type="text"
        className="mw-header-button mw-header-menu-button"
        aria-label={t('header.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="header-menu-button"
      >
        <UserAvatar />
        <DownOutlined className="mw-caret" />
      </Button>
      {open ? <div className="mw-header-menu-backdrop" onClick={() => setOpen(false)} /> : null}
      <div
        ref={panel}
        id={panelId}
        className="mw-header-menu"
        hidden={!open}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="header-menu"
      >
        {children}
      </div>
    </>
  );
}

/** One preference in the phone header's menu: its name, and its control. */
export function HeaderMenuRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mw-header-menu-row">
      <span className="mw-header-menu-label">{label}</span>
      {children}
    </div>
  );
}
