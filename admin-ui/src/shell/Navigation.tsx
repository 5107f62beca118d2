import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { appEvents } from './events';
import { useArea } from './area';

/** Spec doc1 §2: after each navigation the page scrolls to the top after about 100 ms. */
export const ScrollToTopAfterNavigation = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = window.setTimeout(() => window.scrollTo({ top: 0 }), 100);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
};

/** 501 'redirect_to_not_found' from any call lands on the 404 route of the page's language. */
export const NotFoundRedirector = () => {
  const navigate = useNavigate();
  const { paths } = useArea();
  useEffect(
    () => appEvents.subscribe((event) => event.type === 'not-found' && navigate(paths.notFound)),
    [navigate, paths.notFound],
  );
  return null;
};
