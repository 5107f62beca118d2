import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyDocumentLocale, rememberLocale } from './locale';
import { parseRoute } from './routes';
import './styles.css';

const { pathname, search, hash } = window.location;
const route = parseRoute(pathname);
if (route.page === 'salon-home' && route.redirectTo !== undefined)
  window.history.replaceState(null, '', `${route.redirectTo}${search}${hash}`);

// Spec doc1 §1: the language is stored as en when the path starts with /en, otherwise as ar.
applyDocumentLocale(route.locale);
rememberLocale(route.locale);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App route={route} />
  </StrictMode>,
);
