import type { ThemeOptions } from '@mui/material/styles';
import { arSA, enUS } from '@mui/material/locale';
import type { Language } from '../boot/routes';

// System fonts only (no downloads). Arabic: the faces each platform ships that shape Arabic well
// (Windows: Segoe UI, Tahoma; Apple: SF Arabic, Geeza Pro; Android/Linux: Noto, then DejaVu Sans).
const ARABIC_FONTS =
  '"Segoe UI", "SF Arabic", "Geeza Pro", "Noto Sans Arabic", "Noto Naskh Arabic", Tahoma, "DejaVu Sans", Arial, sans-serif';
const LATIN_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial, sans-serif';

/** Purple is the product's primary colour (spec doc2 §9). */
export const PURPLE = '#6a2c91';

export const themeOptions = (language: Language): ThemeOptions => ({
  direction: language === 'ar' ? 'rtl' : 'ltr',
  palette: {
    mode: 'light',
    primary: { main: PURPLE, light: '#9a5cc2', dark: '#461a63', contrastText: '#ffffff' },
    secondary: { main: '#b8860b', contrastText: '#ffffff' },
    background: { default: '#f6f3f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: language === 'ar' ? ARABIC_FONTS : LATIN_FONTS,
    // Arabic glyphs sit lower and taller than Latin ones; a little more leading keeps lines apart.
    body1: { lineHeight: language === 'ar' ? 1.75 : 1.5 },
    body2: { lineHeight: language === 'ar' ? 1.7 : 1.43 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // An empty native date field would show the browser's own format hint (mm/dd/yyyy), in the
        // browser's language rather than the page's; empty and unfocused, it shows nothing instead.
        'input[type="date"][data-empty="true"]:not(:focus)::-webkit-datetime-edit': { color: 'transparent' },
        // Left-to-right values (mobiles, e-mails, IDs) keep their order but sit on the page's start side.
        // (Chrome and Safari know only the -webkit- name of match-parent.)
        'input[dir="ltr"]': { textAlign: ['-webkit-match-parent', 'match-parent'] },
        // The app bar's title: react-admin wraps it in an inline-block, on which the heading's
        // ellipsis does not act; the wrapper carries its own.
        '#react-admin-title > .RaConfigurable-root': {
          display: 'block',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        },
      },
    },
    // The page is never wider than the window: react-admin's layout grows to its widest content
    // (min-width: fit-content, and its content is a flex item); here a wide table scrolls in its own
    // box instead, and the app bar and the create button stay on screen.
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    // On a phone a list's create button floats over the page (a Fab, fixed in the corner), and
    // react-admin still gives the toolbar that holds it a row of its own: an empty white band above
    // the list. A toolbar holding nothing but floating buttons takes no room.
    RaTopToolbar: {
      styleOverrides: {
        root: {
          '@media (max-width: 599.95px)': {
            '&:not(:has(> :not(.MuiFab-root)))': { minHeight: 0 },
            // react-admin shows a phone only the icon of each button ("add quantity", "activate",
            // "import" as three pictures, their words in a tooltip a finger never sees): the words go
            // under the icon, from the label it already carries
            // (not an input's own icon buttons: a picker's arrow, a password's eye)
            '& .MuiIconButton-root[aria-label]:not(.MuiFormControl-root *)': {
              flexDirection: 'column',
              borderRadius: 8,
              padding: '4px 6px',
              '&::after': {
                content: 'attr(aria-label)',
                fontSize: '0.6875rem',
                lineHeight: 1.2,
                maxWidth: 84,
                whiteSpace: 'normal',
                textAlign: 'center',
              },
            },
          },
        },
      },
    },
    // A list's filters wrap on a phone, none wider than the screen (a long placeholder would widen it).
    RaFilterForm: {
      styleOverrides: {
        root: {
          // the form takes the room the list's buttons leave in their row, rather than widening it
          flex: '1 1 0',
          minWidth: 0,
          maxWidth: '100%',
          '& .RaFilterForm-filterFormInput': { maxWidth: '100%', minWidth: 0 },
          '& .RaFilterForm-filterFormInput .MuiFormControl-root': { maxWidth: '100%' },
          // a switch among the filters starts at the form's edge like the fields around it: MUI pulls
          // a label's control 11 px out (past a phone screen's edge, right to left, cutting the thumb)
          '& .RaFilterForm-filterFormInput .MuiFormControlLabel-root': { marginLeft: 0 },
        },
      },
    },
    // Outlined fields everywhere, the same as on the sign-in screens.
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    MuiFormControl: { defaultProps: { variant: 'outlined' } },
    // Texts MUI components carry themselves (pagination labels...), in the page's language.
    ...(language === 'ar' ? arSA : enUS).components,
  },
});

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Deep merge of theme option objects (later wins), for layering ours over react-admin's defaults. */
export const mergeThemeOptions = <T extends object>(...layers: object[]): T => {
  const out: Plain = {};
  for (const layer of layers)
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const existing = out[key];
      out[key] = isPlain(existing) && isPlain(value) ? mergeThemeOptions(existing, value) : value;
    }
  return out as T;
};
