import { contractMessages } from '@rawnaq/contracts';
import { ar } from './ar';
import { mergeMessages, type MessageTree } from './merge';
import { raArabic } from './raArabic';

export const messages: MessageTree = mergeMessages(
  raArabic as MessageTree,
  contractMessages.ar as MessageTree,
  ar as MessageTree,
);
