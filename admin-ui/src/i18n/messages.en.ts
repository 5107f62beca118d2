import englishMessages from 'ra-language-english';
import { contractMessages } from '@rawnaq/contracts';
import { en } from './en';
import { mergeMessages, type MessageTree } from './merge';

export const messages: MessageTree = mergeMessages(
  englishMessages as MessageTree,
  contractMessages.en as MessageTree,
  en as MessageTree,
);
