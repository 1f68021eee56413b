import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { MENU_ITEMS, menuRoutes } from '@mouldwatch/shared';
import { useSession } from '../../lib/session';
import { menuOf } from '../../test/fixtures';
import { Sidebar } from './Sidebar';

const menu = menuOf(MENU_ITEMS.map((item) => item.id));
const routes = menuRoutes(menu.map((entry) => entry.id));

/** Navigates as the rest of the console would (a notice, the address bar). */
function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/alarm/temperature')}>
      elsewhere
    </button>
  );
}

function renderSidebar(path: string, collapsed = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Elsewhere />
      <Sidebar menu={menu} routes={routes} collapsed={collapsed} />
    </MemoryRouter>,
  );
}

/** The phone's drawer, open at first, closed as the console closes it. */
function Drawer() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open drawer
      </button>
      <Sidebar menu={menu} routes={routes} collapsed={false} drawer={{ open, onClose: () => setOpen(false) }} />
    </>
  );
}

const nav = () => screen.getByTestId('sidebar');
const section = (name: string | RegExp) => within(nav()).getByRole('button', { name });
const linkTo = (href: string) => nav().querySelector<HTMLAnchorElement>(`a[href="${href}"]`);

afterEach(() => {
  cleanup();
  useSession.getState().setRenewFlag(false);
});

describe('Sidebar', () => {
  it('lists real links, marks the current page and opens its section', () => {
    renderSidebar('/moldsetting/moldgroup');
    expect(nav().tagName).toBe('NAV');
    expect(nav().getAttribute('aria-label')).toBe('layout.mainNavigation');
    const current = nav().querySelectorAll('[aria-current="page"]');
    expect([...current].map((link) => link.getAttribute('href'))).toEqual(['/moldsetting/moldgroup']);
    expect(section('Mould Setting').getAttribute('aria-expanded')).toBe('true');
    expect(section('Alert').getAttribute('aria-expanded')).toBe('false');
    expect(linkTo('/workorder')?.textContent).toBe('Work Order');
  });

  it('lights home up for the mould detail views', () => {
    renderSidebar('/detail/moldTemp');
    expect(linkTo('/index')?.getAttribute('aria-current')).toBe('page');
  });

  it('opens and closes a section in place, its links out of reach while closed', () => {
    renderSidebar('/index');
    const alert = section('Alert');
    const list = document.getElementById(alert.getAttribute('aria-controls') ?? '');
    expect(list?.closest('[inert]')).not.toBeNull();
    fireEvent.click(alert);
    expect(alert.getAttribute('aria-expanded')).toBe('true');
    expect(list?.closest('[inert]')).toBeNull();
    expect(
      within(list as HTMLElement)
        .getByText('Temperature')
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/alarm/temperature');
    fireEvent.click(alert);
    expect(alert.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the section of a page reached another way, keeping the others as they were', () => {
    renderSidebar('/moldsetting/moldgroup');
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(section('Alert').getAttribute('aria-expanded')).toBe('true');
    expect(section('Mould Setting').getAttribute('aria-expanded')).toBe('true');
    expect(linkTo('/alarm/temperature')?.getAttribute('aria-current')).toBe('page');
  });

  it('shows the renewal dot only while a renewal is due', () => {
    renderSidebar('/index');
    expect(screen.queryByTestId('renewal-dot')).toBeNull();
    act(() => useSession.getState().setRenewFlag(true));
    expect(within(section(/Renewal/)).getByTestId('renewal-dot')).toBeTruthy();
  });

  describe('collapsed', () => {
    it('names single links in a tooltip and marks the section of the current page', () => {
      renderSidebar('/moldsetting/moldgroup', true);
      expect(linkTo('/workorder')?.getAttribute('title')).toBe('Work Order');
      expect(section('Mould Setting').className).toContain('mw-nav-current');
      expect(section('Mould Setting').getAttribute('aria-expanded')).toBe('false');
      expect(linkTo('/moldsetting/moldgroup')).toBeNull();
    });

    it('shows a section’s links beside its icon on keyboard focus, Tab and arrows reach them', () => {
      renderSidebar('/index', true);
      const alert = section('Alert');
      act(() => alert.focus());
      expect(alert.getAttribute('aria-expanded')).toBe('true');
      const flyout = document.getElementById(alert.getAttribute('aria-controls') ?? '') as HTMLElement;
      const links = within(flyout).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/alarm/temperature',
        '/alarm/cycletime',
        '/alarm/maintenance',
        '/alarm/network',
      ]);
      // The flyout follows its button in the page, so Tab goes on into the links.
      expect(alert.compareDocumentPosition(links[0] as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      fireEvent.keyDown(alert, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(links[0]);
      fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(links[1]);
      fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
      fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowUp' });
      expect(document.activeElement).toBe(links[3]);

      fireEvent.keyDown(links[3] as HTMLElement, { key: 'Escape' });
      expect(alert.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(alert);
      expect(screen.queryByRole('link', { name: 'Temperature' })).toBeNull();
    });

    it('opens on Enter with the focus on the first link, and closes when the focus leaves', () => {
      renderSidebar('/index', true);
      const alert = section('Alert');
      fireEvent.pointerDown(alert);
      act(() => alert.focus());
      expect(alert.getAttribute('aria-expanded')).toBe('false');
      fireEvent.keyDown(alert, { key: 'Enter' });
      expect(alert.getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement?.getAttribute('href')).toBe('/alarm/temperature');
      act(() => linkTo('/workorder')?.focus());
      expect(alert.getAttribute('aria-expanded')).toBe('false');
    });

    it('toggles on click, closes on a click elsewhere and after navigating', () => {
      renderSidebar('/index', true);
      const organization = section('Organization');
      fireEvent.click(organization);
      expect(organization.getAttribute('aria-expanded')).toBe('true');
      fireEvent.click(organization);
      expect(organization.getAttribute('aria-expanded')).toBe('false');

      fireEvent.click(organization);
      fireEvent.pointerDown(document.body);
      expect(organization.getAttribute('aria-expanded')).toBe('false');

      fireEvent.click(organization);
      const link = within(nav())
        .getAllByRole('link')
        .find((candidate) => candidate.closest('.mw-nav-flyout'));
      fireEvent.click(link as HTMLElement);
      expect(organization.getAttribute('aria-expanded')).toBe('false');
      expect(link?.getAttribute('href')).toMatch(/^\/organization\//);
    });

    it('shows one flyout at a time', () => {
      renderSidebar('/index', true);
      fireEvent.click(section('Alert'));
      fireEvent.click(section('Organization'));
      expect(section('Alert').getAttribute('aria-expanded')).toBe('false');
      expect(section('Organization').getAttribute('aria-expanded')).toBe('true');
      expect(nav().querySelectorAll('.mw-nav-flyout')).toHaveLength(1);
    });
  });

  describe('as a phone’s drawer', () => {
    const renderDrawer = () =>
      render(
        <MemoryRouter initialEntries={['/index']}>
          <Drawer />
        </MemoryRouter>,
      );
    const drawer = () => nav().closest('aside') as HTMLElement;
    const reopen = () => fireEvent.click(screen.getByRole('button', { name: 'open drawer' }));

    it('closes when a link is followed, the current page’s too, and is out of reach while closed', () => {
      renderDrawer();
      expect(drawer().className).toContain('mw-sider-drawer-open');
      expect(drawer().hasAttribute('inert')).toBe(false);
      expect(linkTo('/workorder')?.textContent).toBe('Work Order');
      fireEvent.click(linkTo('/workorder') as HTMLElement);
      expect(drawer().className).not.toContain('mw-sider-drawer-open');
      expect(drawer().hasAttribute('inert')).toBe(true);

      reopen();
      fireEvent.click(linkTo('/index') as HTMLElement);
      expect(drawer().hasAttribute('inert')).toBe(true);
    });

    it('closes on Escape and on a tap beside it, not on opening a section', () => {
      renderDrawer();
      fireEvent.click(section('Alert'));
      expect(drawer().hasAttribute('inert')).toBe(false);
      fireEvent.keyDown(section('Alert'), { key: 'Escape' });
      expect(drawer().hasAttribute('inert')).toBe(true);

      reopen();
      fireEvent.click(document.querySelector('.mw-drawer-backdrop') as HTMLElement);
      expect(drawer().hasAttribute('inert')).toBe(true);
    });

    it('hands the focus back to the button that opened it on Escape', () => {
      renderDrawer();
      fireEvent.keyDown(drawer(), { key: 'Escape' });
      const opener = screen.getByRole('button', { name: 'open drawer' });
      act(() => opener.focus());
      reopen();
      expect(document.activeElement).toBe(drawer());
      fireEvent.keyDown(linkTo('/workorder') as HTMLElement, { key: 'Escape' });
      expect(drawer().hasAttribute('inert')).toBe(true);
      expect(document.activeElement).toBe(opener);
    });
  });
});
