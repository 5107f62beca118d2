import { domainMessages, validationMessages } from '@rawnaq/contracts';
import { en } from './en';
import { mergeMessages, type MessageTree } from './merge';

/**
 * What a page opened on a sign-in form can say before anyone signs in: the app's own texts (en.ts,
 * whole, so a key added there is here too), the contracts' field rules and the API's answers. The
 * screens' catalogues, react-admin's texts and the coded values come with the back office
 * (`wholeCatalogue`). i18n.spec.ts checks every text here is the whole catalogue's.
 */
export const messages: MessageTree = mergeMessages(
  validationMessages.en as MessageTree,
  domainMessages.en as MessageTree,
  en as MessageTree,
);
