import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Menu, useSidebarState } from 'react-admin';
import { useStore, useTranslate } from 'ra-core';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import { useArea } from '../../shell/area';
import { MENU_GROUPS, TOP_ENTRIES } from './groups';
import { matchesSearch } from './searchText';
import { useShowEntries, type Shown } from './shown';

const EntryItem = ({ entry }: { entry: Shown }) =>
  entry.render ? (
    <>{entry.render()}</>
  ) : (
    <Menu.Item
      to={entry.path ?? '/'}
      state={{ _scrollToTop: true }}
      primaryText={entry.text}
      leftIcon={entry.icon}
      data-testid={`menu-entry-${entry.key}`}
    />
  );

/**
 * The merchant's side menu (doc2 §6): each role sees only what it may open, by job (the front desk,
 * the till and money, customers, staff, menu and stock, reports, settings), each group folding away
 * (remembered on this device; the current screen's group opens by itself), and a search over the
 * entries' words in the page's language. On a phone it is the drawer, and choosing an entry closes it.
 */
export const MerchantMenu = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { basename } = useArea();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const visible = useShowEntries();
  const { top, groups } = useMemo(
    () => ({
      top: visible(TOP_ENTRIES),
      groups: MENU_GROUPS.map((group) => ({
        ...group,
        text: translate(group.label),
        entries: visible(group.entries),
      })).filter((group) => group.entries.length > 0),
    }),
    [visible, translate],
  );
  const [folded, setFolded] = useStore<Record<string, boolean>>('merchant.menu.groups', {});
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);

  const searching = query.trim().length > 0;
  const found = searching
    ? groups
        .map((group) => ({
          ...group,
          // a group's own name finds all of it ("reports")
          entries: matchesSearch(group.text, query)
            ? group.entries
            : group.entries.filter((entry) => matchesSearch(entry.text, query)),
        }))
        .filter((group) => group.entries.length > 0)
    : groups;
  const foundTop = searching ? top.filter((entry) => matchesSearch(entry.text, query)) : top;
  const first = [...foundTop, ...found.flatMap((group) => group.entries)].find((entry) => entry.path);

  const isHere = (entry: Shown) =>
    entry.path !== undefined && (pathname === entry.path || pathname.startsWith(`${entry.path}/`));
  const isOpen = (group: (typeof groups)[number]) =>
    searching || (folded[group.key] === undefined ? group.entries.some(isHere) : !folded[group.key]);
  const toggle = (key: string, open: boolean) => setFolded({ ...folded, [key]: !open });

  const openFirst = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setQuery('');
    if (event.key !== 'Enter' || !first?.path) return;
    event.preventDefault();
    setQuery('');
    navigate(first.path, { state: { _scrollToTop: true } });
    if (isSmall) setSidebarOpen(false);
  };

  return (
    <Menu data-testid="merchant-menu">
      {sidebarOpen && (
        <TextField
          inputRef={search}
          size="small"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={openFirst}
          placeholder={translate('app.menu.search')}
          sx={{ mx: 1.5, my: 1, width: 'calc(100% - 24px)' }}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.menu.search'), 'data-testid': 'menu-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: searching ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    aria-label={translate('app.menu.clear_search')}
                    onClick={() => {
                      setQuery('');
                      search.current?.focus();
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
      )}
      {!searching && <Menu.Item to={`${basename}/`} primaryText="app.menu.welcome" leftIcon={<HomeIcon />} />}
      {foundTop.map((entry) => (
        <EntryItem key={entry.key} entry={entry} />
      ))}
      {found.map((group) => {
        const open = isOpen(group);
        return (
          <Fragment key={group.key}>
            {sidebarOpen ? (
              <ListItemButton
                onClick={() => !searching && toggle(group.key, !open)}
                aria-expanded={open}
                data-testid={`menu-group-${group.key}`}
                sx={{ mt: 0.5, py: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'primary.main' }}>{group.icon}</ListItemIcon>
                <ListItemText
                  primary={group.text}
                  slotProps={{ primary: { sx: { fontWeight: 600 }, variant: 'body2' } }}
                />
                {!searching &&
                  (open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />)}
              </ListItemButton>
            ) : (
              <Divider sx={{ my: 1 }} />
            )}
            <Collapse in={open} timeout={searching ? 0 : 'auto'} unmountOnExit>
              {group.entries.map((entry) => (
                <EntryItem key={entry.key} entry={entry} />
              ))}
            </Collapse>
          </Fragment>
        );
      })}
      {searching && found.length === 0 && foundTop.length === 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ px: 2, py: 1 }}
          data-testid="menu-nothing-found"
        >
          {translate('app.menu.nothing_found')}
        </Typography>
      )}
      {!searching && (
        <>
          <Divider sx={{ my: 1 }} />
          <Menu.Item to={`${basename}/profile`} primaryText="app.menu.profile" leftIcon={<PersonIcon />} />
        </>
      )}
    </Menu>
  );
};
