/**
 * The second half of the browser tests, on a server of its own beside `admin.e2e.spec.ts` (jest's two
 * workers; the other suites follow): the money reports and management pages, held invoices, products,
 * offers and imports, the customers' offers, the salon's online pages and their payments, each role's
 * day and the menu by job, then every screen at a phone's size and a desktop's. (Run one after the
 * other on one server the two halves took longer: each alone leaves a core waiting.)
 */
import { backupTests } from './backup.e2e';
import { bookingSiteTests } from './booking-site.e2e';
import { booksTests } from './books.e2e';
import { contractsTests } from './contracts.e2e';
import { checkEntriesTests } from './check-entries.e2e';
import { supportTests } from './support.e2e';
import { customerOffersTests } from './customer-offers.e2e';
import { feedbackTests } from './feedback.e2e';
import { browserSuite, fullRunOnly } from './harness';
import { heldTests } from './held.e2e';
import { managementTests } from './management.e2e';
import { messagingTests } from './messaging.e2e';
import { moneyTests } from './money.e2e';
import { offersImportsTests } from './offers.e2e';
import { onlinePaymentsTests } from './online-payments.e2e';
import { platformBillingTests } from './platform-billing.e2e';
import { onlineShopTests } from './online-shop.e2e';
import { productsTests } from './products.e2e';
import { reportsTests } from './reports.e2e';
import { rolesTests } from './roles.e2e';
import { screensTests } from './screens.e2e';
import { staffInformationTests } from './staff-information.e2e';
import { websiteTests } from './website.e2e';
import { trialJourneyTests } from './trial-journey.e2e';
import { platformStaffTests } from './platform-staff.e2e';

browserSuite(
  'admin-ui in the browser, reports and online pages',
  (context) => {
    fullRunOnly('offers and packages bought by a customer', () => customerOffersTests(context));
    fullRunOnly('the money reports', () => reportsTests(context));
    fullRunOnly('the money screens (issue 24)', () => moneyTests(context));
    fullRunOnly('the books (issue 25)', () => booksTests(context));
    fullRunOnly('surveys, complaints and the bell', () => feedbackTests(context));
    fullRunOnly('the management reports and pages of issue 11', () => managementTests(context));
    fullRunOnly('held invoices and notes', () => heldTests(context));
    fullRunOnly('products and stock', () => productsTests(context));
    fullRunOnly('offers and imports', () => offersImportsTests(context));
    fullRunOnly("the salon's online pages", () => bookingSiteTests(context));
    fullRunOnly('online payments of the booking site', () => onlinePaymentsTests(context));
    fullRunOnly("the platform's invoices paid from their link", () => platformBillingTests(context));
    fullRunOnly("the salon's online shop", () => onlineShopTests(context));
    fullRunOnly("employees' information", () => staffInformationTests(context));
    messagingTests(context);
    fullRunOnly('a salon backup', () => backupTests(context));
    fullRunOnly('contracts signed from their link', () => contractsTests(context));
    fullRunOnly('checking what salons add', () => checkEntriesTests(context));
    fullRunOnly('support from the console', () => supportTests(context));
    platformStaffTests(context);
    rolesTests(context);
    websiteTests(context);
    screensTests(context);
    // last: it moves the product's clock eight days on; the product writes its mail into a folder
    // the trial journey reads its links from
    trialJourneyTests(context);
  },
  { mailbox: true },
);
