import englishMessages from 'ra-language-english';
import { contractMessages } from '@rawnaq/contracts';
import { en } from './en';
import { en as settingsEn } from '../settings/i18n.en';
import { en as staffEn } from '../staff/i18n.en';
import { en as appointmentsEn } from '../appointments/i18n.en';
import { en as billingEn } from '../billing/i18n.en';
import { en as salesEn } from '../sales/i18n.en';
import { en as instrumentsEn } from '../instruments/i18n.en';
import { en as reportsEn } from '../reports/i18n.en';
import { en as managementEn } from '../reports/management.i18n.en';
import { en as heldEn } from '../held/i18n.en';
import { en as notesEn } from '../notes/i18n.en';
import { en as surveyEn } from '../survey/i18n.en';
import { en as feedbackEn } from '../survey/feedback.i18n.en';
import { en as campaignsEn } from '../campaigns/i18n.en';
import { en as productsEn } from '../products/i18n.en';
import { en as offersEn } from '../offers/i18n.en';
import { en as customerOffersEn } from '../customer-offers/i18n.en';
import { en as importsEn } from '../imports/i18n.en';
import { en as wizardEn } from '../wizard/i18n.en';
import { en as managerEn } from '../manager/i18n.en';
import { platformListsEn } from '../manager/platformLists.i18n';
import { en as einvoicingEn } from '../einvoicing/i18n.en';
import { en as customersEn } from '../customers/i18n.en';
import { en as booksEn } from '../books/i18n.en';
import { purchasesEn } from '../books/purchases.i18n';
import { en as messagingEn } from '../messaging/i18n.en';
import { mergeMessages, type MessageTree } from './merge';

export const messages: MessageTree = mergeMessages(
  englishMessages as MessageTree,
  contractMessages.en as MessageTree,
  en as MessageTree,
  // each screen module keeps its own texts
  settingsEn as MessageTree,
  staffEn as MessageTree,
  appointmentsEn as MessageTree,
  billingEn as MessageTree,
  salesEn as MessageTree,
  instrumentsEn as MessageTree,
  reportsEn as MessageTree,
  managementEn as MessageTree,
  heldEn as MessageTree,
  notesEn as MessageTree,
  surveyEn as MessageTree,
  feedbackEn as MessageTree,
  campaignsEn as MessageTree,
  productsEn as MessageTree,
  offersEn as MessageTree,
  customerOffersEn as MessageTree,
  importsEn as MessageTree,
  wizardEn as MessageTree,
  managerEn as MessageTree,
  platformListsEn as MessageTree,
  einvoicingEn as MessageTree,
  customersEn as MessageTree,
  booksEn as MessageTree,
  purchasesEn as MessageTree,
  messagingEn as MessageTree,
);
