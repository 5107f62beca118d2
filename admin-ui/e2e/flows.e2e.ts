/**
 * The second half of the browser tests (run by `admin.e2e.spec.ts`, on its server, after the first):
 * the money reports and management pages, held invoices, products, offers and imports, the customers'
 * offers, the salon's online pages and their payments, each role's day and the menu by job, then every
 * screen at a phone's size and a desktop's.
 */
import { bookingSiteTests } from './booking-site.e2e';
import { customerOffersTests } from './customer-offers.e2e';
import { heldTests } from './held.e2e';
import type { SuiteContext } from './menu.e2e';
import { managementTests } from './management.e2e';
import { moneyTests } from './money.e2e';
import { offersImportsTests } from './offers.e2e';
import { onlinePaymentsTests } from './online-payments.e2e';
import { onlineShopTests } from './online-shop.e2e';
import { productsTests } from './products.e2e';
import { reportsTests } from './reports.e2e';
import { rolesTests } from './roles.e2e';
import { screensTests } from './screens.e2e';
import { staffInformationTests } from './staff-information.e2e';

export const flowsTests = (context: SuiteContext) => {
  customerOffersTests(context);
  reportsTests(context);
  moneyTests(context);
  managementTests(context);
  heldTests(context);
  productsTests(context);
  offersImportsTests(context);
  bookingSiteTests(context);
  onlinePaymentsTests(context);
  onlineShopTests(context);
  staffInformationTests(context);
  rolesTests(context);
  screensTests(context);
};
