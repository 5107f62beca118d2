/**
 * The layout guard (issue 8): every screen of the merchant back office and of the manager console, at
 * a phone's size (390×844) and at a desktop's in Arabic, and at a desktop's in English (the phone in
 * Arabic is the harder case of the two: the same screens, right to left, and Arabic's longer labels; the
 * English phone was checked too until CI's time ran short). A screen fails when
 * the page is wider than the window, when its primary action (create, save) is not on screen and
 * clickable, when an app-bar button is off screen, when a text is cut without an ellipsis, when an
 * empty toolbar paints a band across the screen, or when it shows an error notice (with the API calls
 * that failed behind it, so the output names the cause).
 *
 * The routes are read from the running app's own route definitions (the `<Resource>` and
 * `<CustomRoutes>` elements given to `<Admin>`), so a screen added later is checked without touching
 * this file. A route with a parameter other than a record id needs a sample value in PARAMETERS.
 */
import type { Page } from 'playwright-core';
import { DEMO, ownerApi, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';
import { settle } from './settle';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 860 };

/** A sample value for each route parameter that is not a record id of its own resource. */
const PARAMETERS: Record<string, { fromResource: string } | { value: string }> = {
  employeeId: { fromResource: 'employees/employees' },
  entity: { value: 'customers' },
  // the spec's `purchases/edit/{id}` and `payrols/edit/{id}` (they lead to react-admin's edit screens)
  purchaseId: { fromResource: 'accounting/purchases' },
  payrollId: { fromResource: 'advanced-accounting/payrols' },
  // a platform invoice's link (`setting/general-setting/account-invoice/{uniqueId}`): one that is not
  // the salon's shows its "not found" text, the layout checked all the same
  uniqueId: { value: 'not-a-real-link-123456' },
};

type RouteDefinition = { path: string; resource?: string };

/**
 * Runs in the page: finds the element tree given to react-admin's `<Admin>` (through React's fiber of
 * the root) and lists its routes: each resource's list, create, edit, show and child routes, each
 * custom route inside the layout, and the dashboard.
 */
const readRoutes = (): RouteDefinition[] => {
  type Element = { type: unknown; props: Record<string, unknown> };
  type Fiber = { child: Fiber | null; sibling: Fiber | null; memoizedProps: Record<string, unknown> | null };
  const isElement = (value: unknown): value is Element =>
    typeof value === 'object' && value !== null && 'props' in value && 'type' in value;
  const flatten = (children: unknown): Element[] => {
    if (Array.isArray(children)) return children.flatMap(flatten);
    if (!isElement(children)) return [];
    const raName = (children.type as { raName?: string } | null)?.raName;
    // Fragments and other wrappers without a route of their own: their children count.
    if (!raName && children.props.path === undefined && children.props.children !== undefined)
      return flatten(children.props.children);
    return [children];
  };
  const routePaths = (children: unknown, prefix: string): string[] =>
    flatten(children).flatMap((element) => {
      const path = element.props.path as string | undefined;
      if (path === undefined) return [];
      const full = path.startsWith('/') ? path : `${prefix}/${path}`;
      return [full.replace(/\/\*$/, ''), ...routePaths(element.props.children, full)];
    });
  const root = document.getElementById('root') as unknown as Record<string, unknown>;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  if (!key) throw new Error('no React root in the page');
  const stack: Fiber[] = [root[key] as Fiber];
  while (stack.length > 0) {
    const fiber = stack.pop() as Fiber;
    const props = fiber.memoizedProps;
    const children =
      props && typeof props === 'object' && 'dashboard' in props ? flatten(props.children) : [];
    if (children.some((c) => (c.type as { raName?: string }).raName === 'Resource')) {
      const routes: RouteDefinition[] = props?.dashboard ? [{ path: '/' }] : [];
      for (const element of children) {
        const raName = (element.type as { raName?: string }).raName;
        const p = element.props;
        if (raName === 'Resource') {
          const name = p.name as string;
          if (p.list) routes.push({ path: `/${name}`, resource: name });
          if (p.create) routes.push({ path: `/${name}/create`, resource: name });
          if (p.edit) routes.push({ path: `/${name}/:id`, resource: name });
          if (p.show) routes.push({ path: `/${name}/:id/show`, resource: name });
          for (const path of routePaths(p.children, `/${name}`)) routes.push({ path, resource: name });
        } else if (raName === 'CustomRoutes' && !p.noLayout) {
          for (const path of routePaths(p.children, '')) routes.push({ path });
        }
      }
      return routes;
    }
    if (fiber.sibling) stack.push(fiber.sibling);
    if (fiber.child) stack.push(fiber.child);
  }
  throw new Error('no <Admin> with resources in the page');
};

/** Client-side navigation (no reload): react-router follows the history's popstate. */
const goTo = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
};

// (react-admin's SimpleList, a phone's list, names neither itself nor its items: the list inside the
// list's card counts, should a list be read at a phone's size)
const FIRST_ROW =
  '.RaDataTable-tbody tr, .RaDatagrid-tbody tr, .RaList-content ul.MuiList-root > li, tbody tr[data-id], tbody tr';

/**
 * The id of the first record the resource's list shows (DataTable row or SimpleList item), read from
 * React. A navigation is a transition: until the new screen's chunk has loaded, the previous list
 * stays on screen with no spinner, so a row counts only once the list around it is this resource's
 * (its ListContext names it; a table of its own outside a list names its rows with data-id).
 */
const firstRecordId = async (page: Page, resource: string) => {
  const found = await page
    .waitForFunction(
      ([selector, wanted]) => {
        if (!window.location.pathname.endsWith(`/${wanted}`)) return false;
        type Props = {
          record?: { id?: unknown };
          value?: {
            id?: unknown;
            resource?: unknown;
            data?: unknown;
            isFetching?: boolean;
            isPlaceholderData?: boolean;
          };
        } | null;
        type Fiber = {
          return: Fiber | null;
          child: Fiber | null;
          sibling: Fiber | null;
          memoizedProps: Props;
        };
        const loaded = (list: NonNullable<Props>['value']) =>
          !!list &&
          list.resource === wanted &&
          Array.isArray(list.data) &&
          !list.isFetching &&
          !list.isPlaceholderData;
        const row = selector
          .split(', ')
          .map((one) => document.querySelector(one))
          .find((candidate) => candidate !== null);
        if (!row) {
          // no row: a list of this resource that has read its records and has none is empty (said at
          // once rather than after the wait's five seconds)
          const root = document.getElementById('root') as unknown as Record<string, unknown> | null;
          const rootKey = root && Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
          const stack: Fiber[] = rootKey
            ? [(root[rootKey] as { stateNode: { current: Fiber } }).stateNode.current]
            : [];
          while (stack.length > 0) {
            const at = stack.pop() as Fiber;
            const list = at.memoizedProps?.value;
            if (loaded(list) && (list?.data as unknown[]).length === 0) return { id: null };
            if (at.sibling) stack.push(at.sibling);
            if (at.child) stack.push(at.child);
          }
          return false;
        }
        const key = Object.keys(row).find((k) => k.startsWith('__reactFiber$'));
        let fiber = key ? ((row as unknown as Record<string, Fiber>)[key] ?? null) : null;
        let id: string | null = row.getAttribute('data-id');
        for (let i = 0; fiber && i < 400; i++, fiber = fiber.return) {
          const props = fiber.memoizedProps;
          // a row's record, given as a prop or through its RecordContextProvider's value
          const own = props?.record?.id ?? props?.value?.id;
          if (id === null && own !== undefined && own !== null) id = String(own);
          // the list the row is in
          const list = props?.value;
          if (list && typeof list.resource === 'string' && Array.isArray(list.data)) {
            // a list that moved to another resource shows the previous one's rows until its own come
            if (!loaded(list)) return false;
            const records = list.data as Array<{ id?: unknown }>;
            // a loaded list with no records shows only its "nothing yet" row
            if (records.length === 0) return { id: null };
            return id !== null && records.some((r) => String(r?.id) === id) ? { id } : false;
          }
        }
        return id !== null ? { id } : false;
      },
      [FIRST_ROW, resource] as const,
      { timeout: 5_000 },
    )
    .catch(() => null);
  const value = found ? ((await found.jsonValue()) as { id: string | null }) : null;
  return value?.id ?? null;
};

/** Runs in the page: what is wrong with the screen's layout, in words (empty when nothing). */
const layoutProblems = () => {
  const problems: string[] = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const label = el.getAttribute('aria-label') ?? '';
    return `<${el.tagName.toLowerCase()} class="${String(el.className).split(' ').slice(0, 2).join(' ')}"> "${label || text}"`;
  };
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  /** Inside the window and the topmost thing at its centre; else why not. */
  const notClickable = (el: HTMLElement): string | null => {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const rect = el.getBoundingClientRect();
    const at = `${Math.round(rect.left)},${Math.round(rect.top)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
    if (rect.left < -1 || rect.right > width + 1 || rect.top < -1 || rect.bottom > height + 1)
      return `is off screen at ${at}`;
    // A save button is disabled until something changes; where it is, not whether it is enabled, counts.
    const pointerEvents = el.style.pointerEvents;
    el.style.pointerEvents = 'auto';
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    el.style.pointerEvents = pointerEvents;
    if (hit !== null && (el === hit || el.contains(hit))) return null;
    return `is under ${hit ? describe(hit) : 'nothing'} at ${at}`;
  };

  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width + 1) problems.push(`the page is ${scrollWidth}px wide in a ${width}px window`);

  // The page's primary action: its create button, else its save button.
  const creates = [...document.querySelectorAll('.RaCreateButton-root, .RaCreateButton-floating')];
  const saves = [
    ...document.querySelectorAll('main button[type=submit], .RaToolbar-root button[type=submit]'),
  ];
  const primary = [...creates, ...saves].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && shown(el),
  );
  const why = primary.map(notClickable);
  if (primary.length > 0 && why.every((reason) => reason !== null))
    problems.push(`the primary action ${describe(primary[0])} ${why[0]}`);
  window.scrollTo(0, 0);

  // A control in the page reaches past the window's side, cut by it (a switch pulled out by its label's
  // margin), unless a box that scrolls sideways holds it (a wide table, reached by scrolling it).
  for (const control of document.querySelectorAll(
    'main input:not([type=hidden]), main textarea, main button, main .MuiSwitch-root, main [role=button]',
  )) {
    if (!shown(control)) continue;
    const rect = control.getBoundingClientRect();
    if (rect.left >= -1 && rect.right <= width + 1) continue;
    let scrolled = false;
    for (let at = control.parentElement; at && at !== document.body && !scrolled; at = at.parentElement) {
      const overflow = getComputedStyle(at).overflowX;
      scrolled = (overflow === 'auto' || overflow === 'scroll') && at.scrollWidth > at.clientWidth + 1;
    }
    if (!scrolled)
      problems.push(
        `${describe(control)} reaches past the window's side (${Math.round(rect.left)} to ${Math.round(rect.right)} of ${width} px)`,
      );
  }

  // On a desktop a table fits its box: one wider than it (scrolled sideways) hides its last columns
  // (a salon's backup and support tools, a date cut in half) from who does not think to scroll. A
  // report that has more figures than any desktop shows side by side says so (`data-wide`).
  if (width >= 1200)
    for (const table of document.querySelectorAll('main table')) {
      if (!shown(table) || table.closest('[data-wide]')) continue;
      for (let at = table.parentElement; at && at !== document.body; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if (overflow !== 'auto' && overflow !== 'scroll') continue;
        if (at.scrollWidth > at.clientWidth + 1)
          problems.push(
            `a table (${[...table.querySelectorAll('th')]
              .slice(0, 3)
              .map((th) => (th.textContent ?? '').trim())
              .join(', ')}…) is ${at.scrollWidth}px wide in a ${at.clientWidth}px box`,
          );
        break;
      }
    }

  // On a phone a list's buttons say what they do: react-admin draws them as bare icons there, and the
  // theme writes each one's label under it (a tooltip is not seen by a finger).
  if (width < 600)
    for (const button of document.querySelectorAll('.RaList-actions .MuiIconButton-root')) {
      if (!shown(button) || button.closest('.MuiFormControl-root')) continue;
      const after = getComputedStyle(button, '::after').content;
      const words =
        (button.textContent ?? '').trim() || (after === 'none' ? '' : after.replace(/^"|"$/g, ''));
      if (!words) problems.push(`${describe(button)} is an icon without words on a phone`);
    }

  // The app bar's buttons are always on screen.
  for (const button of document.querySelectorAll('header button, header a')) {
    if (!shown(button)) continue;
    const rect = button.getBoundingClientRect();
    if (rect.left < -1 || rect.right > width + 1)
      problems.push(`the app bar's ${describe(button)} is off screen`);
  }

  // A band with nothing in it: a list's toolbar row (or a toolbar) in the page's flow, painted, with
  // nothing shown in that flow. On a phone a list's create button floats over the page, and the row
  // it left behind was an empty white band above the list.
  const painted = (el: Element) =>
    !['transparent', 'rgba(0, 0, 0, 0)'].includes(getComputedStyle(el).backgroundColor);
  const floating = (el: Element) => ['fixed', 'absolute'].includes(getComputedStyle(el).position);
  /** shown, and in the row's flow: no box between it and the row floats */
  const inFlowOf = (el: Element, row: Element) => {
    for (let at: Element | null = el; at && at !== row; at = at.parentElement) if (floating(at)) return false;
    return shown(el);
  };
  for (const row of document.querySelectorAll('main .RaList-actions, main .MuiToolbar-root')) {
    if (!shown(row) || floating(row) || !painted(row) || row.getBoundingClientRect().height < 8) continue;
    const content = [...row.querySelectorAll('*')].some(
      (el) => el.children.length === 0 && inFlowOf(el, row),
    );
    if (!content)
      problems.push(
        `an empty band ${describe(row)} takes ${Math.round(row.getBoundingClientRect().height)}px`,
      );
  }

  // A text cut off without an ellipsis: a box that hides what is wider than itself (a box that scrolls
  // is not cut) and holds text. An ellipsis shows only where the text is the box's own or in inline
  // children: text in an inline-block child (react-admin's title wrapper) is cut without one.
  for (const el of document.querySelectorAll('body *')) {
    if (!(el instanceof HTMLElement) || el.scrollWidth <= el.clientWidth + 1) continue;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
    const style = getComputedStyle(el);
    if (!['hidden', 'clip'].includes(style.overflowX)) continue;
    if ((el.textContent ?? '').trim() === '' || !shown(el)) continue;
    const inline = [...el.childNodes].every(
      (n) =>
        n.nodeType !== Node.ELEMENT_NODE ||
        (n instanceof Element && getComputedStyle(n).display === 'inline'),
    );
    if (style.textOverflow === 'ellipsis' && inline) continue;
    problems.push(`the text of ${describe(el)} is cut without an ellipsis`);
  }
  return problems;
};

/**
 * Runs in the page: the words on screen a person should never read (issue 24): a plural message used
 * as a label (`||||`), an empty value printed (`#null`, `undefined`, `NaN`), a message key or a raw code
 * instead of its words, and, on an Arabic screen, a name in Latin letters where the salon wrote an
 * Arabic one (`latinNames`: the English names that have an Arabic name on file). Also the tab's title,
 * which must say more than the product's name.
 */
const textProblems = ({
  language,
  latinNames,
  product,
}: {
  language: string;
  latinNames: string[];
  product: string[];
}) => {
  const problems: string[] = [];
  const main = document.querySelector('#main-content, main') ?? document.body;
  // Words marked as written in the other language (the language switch's "English", a menu item's
  // English name shown under its Arabic one) are meant to be read in it: they are left out.
  const other = [...document.querySelectorAll(`[lang]:not([lang|="${language}"])`)].filter(
    (el): el is HTMLElement => el instanceof HTMLElement && el !== document.documentElement,
  );
  const styles = other.map((el) => el.getAttribute('style'));
  for (const el of other) el.style.setProperty('display', 'none', 'important');
  // What is on screen: the page's visible text, and the words of the app bar and the open menu.
  const text = [
    document.querySelector('header'),
    document.querySelector('.RaSidebar-fixed, .MuiDrawer-paper'),
    main,
  ]
    .filter((el): el is HTMLElement => el instanceof HTMLElement)
    .map((el) => el.innerText)
    .join('\n');
  other.forEach((el, i) => {
    const style = styles[i];
    if (style === null) el.removeAttribute('style');
    else el.setAttribute('style', style);
  });
  const seen = (what: string, match: RegExpExecArray | null) => {
    if (!match) return;
    const at = Math.max(0, match.index - 30);
    problems.push(
      `shows ${what}: "…${text.slice(at, match.index + match[0].length + 30).replace(/\s+/g, ' ')}…"`,
    );
  };
  seen('a plural message as a label', /\|\|\|\|/.exec(text));
  seen(
    'an empty value',
    /#(null|undefined)\b|(^|[^\w.-])(undefined|null|NaN|Invalid Date|\[object Object\])(?![\w.-])/m.exec(
      text,
    ),
  );
  // a message key: lower-case words joined by dots, one of them with an underscore or three or more of
  // them (an e-mail address, a domain or a file name is not one)
  const keys =
    /(?<![\w@/.:-])([a-z][a-z0-9]*(?:_[a-z0-9]+)*)(\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*){1,}(?![\w@/-])/g;
  for (let m = keys.exec(text); m; m = keys.exec(text)) {
    const parts = m[0].split('.');
    if (parts.some((part) => part.includes('_')) || parts.length >= 3) seen('a message key', m);
    if (problems.length > 5) break;
  }
  // a resource's key, whose name has a slash or a hyphen the pattern above stops at
  // ("resources.employees-merchants/added-employees.fields.name_en")
  seen('a message key', /(?<![\w@/.:-])(resources|ra)\.[\w/-]+\.(fields|name|empty|action)\b/.exec(text));
  // a raw code: an upper-case word with an underscore (NOT_REPORTED), or on an Arabic screen an
  // upper-case English word that is not a known abbreviation
  seen('a raw code', /(?<![\w-])[A-Z][A-Z0-9]*_[A-Z0-9_]+(?![\w-])/.exec(text));
  if (language === 'ar') {
    const shout = /(?<![\w@./-])[A-Z]{4,}(?![\w@./-])/g;
    const known = new Set([
      'ZATCA',
      'CSID',
      'UUID',
      'HTTP',
      'HTTPS',
      'SMTP',
      'IBAN',
      'SWIFT',
      'VISA',
      'MADA',
      'STC',
      'PDF',
      'XML',
      'CSV',
      'JSON',
      // the reply that stops WhatsApp messages: customers type it in English whatever their language
      'STOP',
    ]);
    for (let m = shout.exec(text); m; m = shout.exec(text))
      if (!known.has(m[0])) {
        seen('an English code on an Arabic screen', m);
        break;
      }
    // a run of Latin words that is exactly one of those names (a job title "Hair stylist" is not the
    // group "Hair": it is what the salon typed, in the one language it typed it)
    const names = new Set(latinNames);
    const runs = /[A-Za-z][A-Za-z0-9'&-]*(?: [A-Za-z][A-Za-z0-9'&-]*)*/g;
    for (let m = runs.exec(text); m; m = runs.exec(text))
      if (names.has(m[0])) seen(`the English name "${m[0]}" where an Arabic one is on file`, m);
    // how to type a date or a time, told in English letters (a hint, a label, or an empty field's
    // placeholder): Arabic screens say سنة-شهر-يوم and ساعة:دقيقة
    const format = /\b(YYYY|MM-DD|DD\/MM|[Hh]{2}:mm)\b/;
    seen('a date or time format in English letters', format.exec(text));
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder]'))
      if (field.getBoundingClientRect().width > 0 && format.test(field.placeholder))
        problems.push(`has a field whose placeholder is the English format "${field.placeholder}"`);
  }
  // A column's heading or a field's label is the product's words, never data: on an Arabic screen one
  // in English words has no Arabic; on an English one, "Name en" is a heading react-admin made up from
  // a source with no label (CI looks at tables in English only).
  const labels = [
    ...document.querySelectorAll<HTMLElement>(
      'thead th, .MuiTableCell-head, label, legend, .MuiFormLabel-root',
    ),
  ].filter((el) => el.getBoundingClientRect().width > 0 && !el.closest(`[lang]:not([lang|="${language}"])`));
  for (const label of labels) {
    const words = label.innerText.trim().slice(0, 40);
    if (language === 'ar' && /[A-Za-z][a-z]/.test(label.innerText))
      problems.push(`has the heading or label "${words}" in English`);
    else if (/\b[A-Za-z]+ (en|ar)\b/.test(label.innerText))
      problems.push(`has the heading or label "${words}", made from a field's name`);
  }
  // a field for the English (or the Arabic) form of a text is typed in that language's direction
  // whatever the page's: English typed right to left shows its question mark at the start
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input[name], textarea[name]',
  )) {
    const lang = /_(en|ar)(_text)?$/.exec(field.name)?.[1];
    if (!lang || field.type === 'hidden' || field.getBoundingClientRect().width === 0) continue;
    const direction = getComputedStyle(field).direction;
    if (direction !== (lang === 'en' ? 'ltr' : 'rtl'))
      problems.push(`has the ${lang === 'en' ? 'English' : 'Arabic'} field ${field.name} typed ${direction}`);
  }
  const title = document.title.trim();
  if (title === '' || product.includes(title)) problems.push(`the tab's title is only "${title}"`);
  // a screen names itself in the app bar, and the tab says the same
  const named = (document.querySelector('#react-admin-title')?.textContent ?? '').trim();
  if (document.querySelector('header') && named === '')
    problems.push(
      // (what the page showed instead, to tell a slow screen from a title put elsewhere)
      `has no title in the app bar (${document.querySelectorAll('#react-admin-title').length} title places; the page reads "${(
        (document.querySelector('#main-content') as HTMLElement | null)?.innerText ?? ''
      )
        .replace(/\s+/g, ' ')
        .slice(0, 80)}")`,
    );
  else if (named !== '' && !title.startsWith(named))
    problems.push(`the tab's title "${title}" is not the screen's "${named}"`);
  return problems;
};

export const screensTests = ({ url, tab }: SuiteContext) => {
  describe('every screen on a phone and on a desktop', () => {
    for (const language of ['ar', 'en'] as const) {
      it(`fits, keeps its primary action on screen and cuts no text, in ${language === 'ar' ? 'Arabic' : 'English'}`, async () => {
        const { page } = await tab(language);
        const failures: string[] = [];
        const skipped: string[] = [];

        // The salon's names that have an Arabic form: none of them may show in Latin letters on an
        // Arabic screen. Read before the browser signs in (the API's sign-in ends other sessions).
        const latinNames: string[] = [];
        if (language === 'ar') {
          const api = await ownerApi(url);
          for (const resource of [
            'employees',
            'services',
            'service-groups',
            'categories',
            'products',
            'offers',
            'packages',
          ]) {
            const { body } = await api<Array<{ name_en?: string; name_ar?: string }>>(
              'GET',
              `${resource}?range=[0,499]`,
            );
            for (const named of Array.isArray(body) ? body : [])
              if (
                named.name_en?.trim() &&
                named.name_ar?.trim() &&
                named.name_en.trim() !== named.name_ar.trim()
              )
                latinNames.push(named.name_en.trim());
          }
          expect(latinNames.length).toBeGreaterThan(5);
        }
        const product = ['Rawnaq', 'رونق'];

        const checkArea = async (area: 'merchant' | 'manager') => {
          const base = `/${language}/${area}`;
          // the records to open are gathered on a desktop, whatever size the last area ended at: a
          // phone's menu is closed (no link to a one-of-a-kind record), and its lists are cards
          await page.setViewportSize(DESKTOP);
          if (area === 'merchant')
            await signIn(
              page,
              url,
              { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password },
              { language },
            );
          else await signIn(page, url, DEMO.manager, { language, area });
          await settle(page);
          // the signed-in area's chunk has mounted react-admin's <Admin>
          await page.waitForFunction(
            `(() => { try { return (${readRoutes.toString()})().length > 0; } catch { return false; } })()`,
            undefined,
            { timeout: 20_000 },
          );
          const routes = await page.evaluate(readRoutes);
          expect(routes.length).toBeGreaterThan(area === 'merchant' ? 20 : 5);

          // A record id for each resource whose routes need one, read from its list.
          const ids = new Map<string, string | null>();
          const listed = new Set(routes.filter((r) => r.path === `/${r.resource}`).map((r) => r.resource));
          const idOf = async (resource: string) => {
            if (!ids.has(resource)) {
              if (listed.has(resource)) {
                await goTo(page, `${base}/${resource}`);
                ids.set(resource, await firstRecordId(page, resource));
              } else {
                // a record with no list (the platform's settings, one of a kind): the menu links to it
                await goTo(page, base);
                const prefix = `${base}/${resource}/`;
                const hrefs = await page.$$eval('a[href]', (links) =>
                  links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
                );
                const linked = hrefs.find((href) => href.startsWith(prefix));
                ids.set(
                  resource,
                  linked ? decodeURIComponent(linked.slice(prefix.length).split('/')[0]) : null,
                );
              }
            }
            return ids.get(resource) ?? null;
          };
          const paths: string[] = [];
          for (const route of routes) {
            let path = route.path;
            for (const [, name] of path.matchAll(/:(\w+)/g)) {
              const sample = PARAMETERS[name];
              const source = sample && 'fromResource' in sample ? sample.fromResource : route.resource;
              const value = sample && 'value' in sample ? sample.value : source ? await idOf(source) : null;
              if (!value && source && !('value' in (sample ?? {}))) {
                // an empty list (the demo salon has no offer yet): nothing to open, said in the output
                skipped.push(
                  `${area} ${route.path} (${listed.has(source) ? `the list of ${source} is empty` : 'no link to one'})`,
                );
                path = '';
                break;
              }
              if (!value) {
                failures.push(`${area} ${route.path}: no sample for :${name} (add one to PARAMETERS)`);
                path = '';
                break;
              }
              path = path.replace(`:${name}`, encodeURIComponent(value));
            }
            if (path) paths.push(path);
          }
          // SCREENS_ONLY=payrols,expenses: only the screens whose address has one of these (a feature's own)
          const only = (process.env.SCREENS_ONLY ?? '').split(',').filter(Boolean);
          if (only.length)
            paths.splice(0, paths.length, ...paths.filter((p) => only.some((o) => p.includes(o))));

          // Every API call that failed while a screen was open: what an error notice came from.
          const failedCalls: string[] = [];
          const onResponse = (response: {
            status: () => number;
            url: () => string;
            request: () => { method: () => string };
          }) => {
            const path = new URL(response.url()).pathname;
            if (response.status() >= 400 && path.startsWith('/api/'))
              failedCalls.push(`${response.request().method()} ${path} answered ${response.status()}`);
          };
          page.on('response', onResponse);
          // every route at both sizes: Arabic on a phone and English on a desktop; Arabic on a desktop too
          // in a full run (CI's share leaves that third pass out, README)
          const sizes: ReadonlyArray<readonly ['phone' | 'desktop', { width: number; height: number }]> =
            language === 'ar'
              ? [['phone', PHONE], ...(process.env.E2E_SCOPE === 'ci' ? [] : [['desktop', DESKTOP] as const])]
              : [['desktop', DESKTOP]];
          for (const [size, viewport] of sizes) {
            await page.setViewportSize(viewport);
            // A phone that opened the menu once has it stored as open: it must still start closed. The
            // desktop starts as a new desktop would (the phone's closed menu is not its choice).
            await page.evaluate(
              ([key, phone]) => (phone ? localStorage.setItem(key, 'true') : localStorage.removeItem(key)),
              [`RaStore.rawnaq.${area}.sidebar.open`, size === 'phone'] as const,
            );
            await page.reload();
            await settle(page);
            const check = async (path: string) => {
              failedCalls.length = 0;
              await goTo(page, `${base}${path === '/' ? '' : path}`);
              // a screen that reads what it needs before drawing (the welcome page) names itself then, and
              // the tab follows
              await page
                .waitForFunction(
                  () => {
                    if (!document.querySelector('header')) return true;
                    const named = (document.querySelector('#react-admin-title')?.textContent ?? '').trim();
                    return named !== '' && document.title.startsWith(named);
                  },
                  undefined,
                  // (a busy machine's screen may take long to name itself; one that never does still fails)
                  { timeout: 30_000, polling: 200 },
                )
                .catch(() => undefined);
              const problems = [
                ...(await page.evaluate(layoutProblems)),
                ...(await page.evaluate(textProblems, { language, latinNames, product })),
              ];
              // A notice left on screen would also cover the next screens' actions: it is this screen's
              // problem, named here, and closed before moving on.
              const notice = page.locator(
                '.MuiSnackbar-root .MuiSnackbarContent-message, .MuiSnackbar-root .MuiAlert-message',
              );
              if (await notice.count()) {
                const said = (await notice.first().textContent())?.trim();
                const error = await page.locator('.MuiSnackbar-root .RaNotification-error').count();
                if (error)
                  problems.push(
                    `shows the error notice "${said}"${failedCalls.length ? ` after ${failedCalls.join(', ')}` : ''}`,
                  );
                await page.keyboard.press('Escape');
                await page
                  .locator('.MuiSnackbar-root')
                  .waitFor({ state: 'detached', timeout: 8_000 })
                  .catch(() => undefined);
              }
              for (const problem of problems) failures.push(`${size} ${area} ${path}: ${problem}`);
              // SCREENS_SHOTS=1: a picture of each screen that fails; SCREENS_SHOTS=all: of every screen.
              const shots = process.env.SCREENS_SHOTS;
              if (shots === 'all' || (shots && problems.length > 0))
                await shot(page, `screens-${language}-${size}-${area}${path.replace(/\//g, '_')}`);
            };
            for (const path of paths) {
              await check(path);
              // A page's own tabs with addresses under it (a customer's history) are screens too.
              const tabs = await page.$$eval(
                'a[role=tab][href]',
                (links, prefix) =>
                  links
                    .map((a) => new URL((a as HTMLAnchorElement).href).pathname)
                    .filter((href) => href.startsWith(`${prefix}/`)),
                `${base}${path}`,
              );
              for (const tab of tabs) await check(tab.slice(base.length));
            }
          }
          page.off('response', onResponse);
          return paths.length;
        };

        const merchant = await checkArea('merchant');
        const manager = await checkArea('manager');
        console.log(
          `[screens] ${language}: ${merchant} merchant and ${manager} manager screens checked` +
            (skipped.length ? `; not opened: ${skipped.join(', ')}` : ''),
        );
        expect(failures).toEqual([]);
        // every screen three times over (a phone and a desktop in Arabic, a desktop in English): some
        // 400 screens, 4-7 min here; the limit leaves a slower, busier machine twice that and more
      }, 1_200_000);
    }
  });
};
