import { Notification, Toolbar, type Store, type ToolbarProps } from 'react-admin';

/** The theme's `sm` breakpoint (600 px), as `useIsPhone` asks it, for the moments before React. */
const PHONE_MEDIA_QUERY = '(max-width: 599.95px)';

/**
 * On a phone the menu is a drawer over the page: it starts closed on every load, whatever was stored
 * when it was last opened (react-admin keeps the open state in its store, which outlives a reload).
 * Set before react-admin reads the store, so the drawer never opens over the page for a moment.
 */
export const startWithMenuClosedOnPhone = (store: Store): Store => {
  if (window.matchMedia(PHONE_MEDIA_QUERY).matches) store.setItem('sidebar.open', false);
  return store;
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
