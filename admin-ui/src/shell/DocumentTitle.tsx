import { useEffect } from 'react';
import { useTranslate } from 'ra-core';

/** Where a screen names itself: react-admin's app-bar title, or the heading of a page outside it. */
const TITLE_SELECTOR = '#react-admin-title, [data-page-title]';

/**
 * The browser tab says which screen it holds ("Appointments · Rawnaq"), so a front desk with several
 * tabs open can tell them apart (issue 24: every tab was titled only "Rawnaq"). The title follows the
 * screen's own title as it is shown, whatever set it (a list, a record, a custom page); a page with
 * neither (a customer's e-invoice) keeps the title it sets itself.
 */
export const DocumentTitle = () => {
  const product = useTranslate()('app.name');
  useEffect(() => {
    let last = '';
    const follow = () => {
      const named = [...document.querySelectorAll(TITLE_SELECTOR)]
        .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
        .find((text) => text !== '');
      const title = named ? `${named} · ${product}` : '';
      if (title === '' || title === last) return;
      last = title;
      document.title = title;
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [product]);
  return null;
};
