import type { Route } from './routes';
import { Shell } from './components/Shell';
import { NotFoundPage } from './pages/NotFoundPage';
import { SalonHomePage } from './pages/SalonHomePage';

export const App = ({ route }: { route: Route }) => (
  <Shell locale={route.locale}>
    {route.page === 'salon-home' ? (
      <SalonHomePage locale={route.locale} alias={route.alias} />
    ) : (
      <NotFoundPage locale={route.locale} reason="page" />
    )}
  </Shell>
);
