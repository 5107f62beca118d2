import { contractMessages } from '@rawnaq/contracts';
import { ar } from './ar';
import { ar as settingsAr } from '../settings/i18n.ar';
import { ar as staffAr } from '../staff/i18n.ar';
import { ar as appointmentsAr } from '../appointments/i18n.ar';
import { ar as billingAr } from '../billing/i18n.ar';
import { ar as salesAr } from '../sales/i18n.ar';
import { ar as instrumentsAr } from '../instruments/i18n.ar';
import { ar as reportsAr } from '../reports/i18n.ar';
import { ar as managementAr } from '../reports/management.i18n.ar';
import { ar as heldAr } from '../held/i18n.ar';
import { ar as notesAr } from '../notes/i18n.ar';
import { ar as surveyAr } from '../survey/i18n.ar';
import { ar as feedbackAr } from '../survey/feedback.i18n.ar';
import { ar as campaignsAr } from '../campaigns/i18n.ar';
import { ar as productsAr } from '../products/i18n.ar';
import { ar as offersAr } from '../offers/i18n.ar';
import { ar as customerOffersAr } from '../customer-offers/i18n.ar';
import { ar as importsAr } from '../imports/i18n.ar';
import { ar as wizardAr } from '../wizard/i18n.ar';
import { ar as managerAr } from '../manager/i18n.ar';
import { platformListsAr } from '../manager/platformLists.i18n';
import { ar as einvoicingAr } from '../einvoicing/i18n.ar';
import { ar as customersAr } from '../customers/i18n.ar';
import { ar as booksAr } from '../books/i18n.ar';
import { purchasesAr } from '../books/purchases.i18n';
import { ar as messagingAr } from '../messaging/i18n.ar';
import { mergeMessages, type MessageTree } from './merge';
import { raArabic } from './raArabic';

export const messages: MessageTree = mergeMessages(
  raArabic as MessageTree,
  contractMessages.ar as MessageTree,
  ar as MessageTree,
  // each screen module keeps its own texts
  settingsAr as MessageTree,
  staffAr as MessageTree,
  appointmentsAr as MessageTree,
  billingAr as MessageTree,
  salesAr as MessageTree,
  instrumentsAr as MessageTree,
  reportsAr as MessageTree,
  managementAr as MessageTree,
  heldAr as MessageTree,
  notesAr as MessageTree,
  surveyAr as MessageTree,
  feedbackAr as MessageTree,
  campaignsAr as MessageTree,
  productsAr as MessageTree,
  offersAr as MessageTree,
  customerOffersAr as MessageTree,
  importsAr as MessageTree,
  wizardAr as MessageTree,
  managerAr as MessageTree,
  platformListsAr as MessageTree,
  einvoicingAr as MessageTree,
  customersAr as MessageTree,
  booksAr as MessageTree,
  purchasesAr as MessageTree,
  messagingAr as MessageTree,
);
