import { useEffect } from 'react';
import { Notification, Toolbar, useSidebarState, type ToolbarProps } from 'react-admin';
import { useIsPhone } from './ResponsiveDataTable';

/**
 * On a phone the menu is a drawer over the page: it starts closed on every load, whatever was stored
 * when it was last opened (react-admin keeps the open state in the store, which outlives a reload).
 */
export const CloseMenuOnPhone = () => {
  const phone = useIsPhone();
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (phone) setOpen(false);
  }, [phone, setOpen]);
  return null;
};

/**
 * Pop-up messages stand above the form's save bar, which a phone fixes to the bottom of the screen,
 * so the bar stays usable while a message shows.
 */
export const AppNotification = () => <Notification sx={{ bottom: { xs: 84, sm: 24 } }} />;

/**
 * The toolbar of a form inside a page that has its own buttons (the set-up wizard): in the flow of the
 * page on a phone too, rather than react-admin's bar fixed to the bottom, which would cover the page's
 * own buttons.
 */
export const InlineToolbar = ({ sx, ...props }: ToolbarProps) => (
  <Toolbar
    {...props}
    sx={[{ '&.RaToolbar-mobileToolbar': { position: 'static', px: 2 } }, ...(Array.isArray(sx) ? sx : [sx])]}
  />
);
