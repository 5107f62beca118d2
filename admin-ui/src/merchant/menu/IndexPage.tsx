import { Link, Navigate, Route } from 'react-router-dom';
import { Title } from 'react-admin';
import { useTranslate } from 'ra-core';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Mirrored } from '../../layout/Mirrored';
import { useArea } from '../../shell/area';
import { INDEX_PAGES, type IndexPage as Index } from './groups';
import { useShowEntries } from './shown';

/**
 * A group's index page (`pos`, `reports/accounting`...): its screens this user may open, as the menu
 * offers them, one tap each on a phone; "no permission" when she may open none of them.
 */
export const IndexPage = ({ index }: { index: Index }) => {
  const translate = useTranslate();
  const { paths } = useArea();
  const entries = useShowEntries()(index.entries).filter((entry) => entry.path !== undefined);
  if (entries.length === 0) return <Navigate to={paths.noPermission} replace />;
  return (
    <Box sx={{ py: 2, maxWidth: 760 }} data-testid="index-page">
      <Title title={index.label} />
      <Card>
        <Typography component="h1" variant="h6" sx={{ px: 2, pt: 2 }}>
          {translate(index.label)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 0.5 }}>
          {translate(index.hint)}
        </Typography>
        <List>
          {entries.map((entry) => (
            <ListItemButton
              key={entry.key}
              component={Link}
              to={entry.path ?? '/'}
              state={{ _scrollToTop: true }}
              data-testid={`index-entry-${entry.key}`}
              sx={{ minHeight: 56 }}
            >
              <ListItemIcon sx={{ color: 'primary.main' }}>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.text} />
              <Mirrored>
                <ChevronRightIcon color="action" />
              </Mirrored>
            </ListItemButton>
          ))}
        </List>
      </Card>
    </Box>
  );
};

/** The index pages' routes, inside the layout (for `<CustomRoutes>`). */
export const indexRoutes = INDEX_PAGES.map((index) => (
  <Route key={index.path} path={`/${index.path}`} element={<IndexPage index={index} />} />
));
