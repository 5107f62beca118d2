/**
 * Products, stock and inventory reports in the browser (issue 4 §7). Called by admin.e2e.spec.ts with its server and tabs, like
 * menu.e2e.ts (one `npm start` for the whole browser suite).
 */
import type { SuiteContext } from './menu.e2e';

export const productsTests = (_ctx: SuiteContext) => {
  // filled in by the screens' own browser tests
};
