import { Navigate, Route } from 'react-router-dom';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import RequestQuoteIcon from '@mui/icons-material/RequestQuoteOutlined';
import LocalOfferIcon from '@mui/icons-material/LocalOfferOutlined';
import CakeIcon from '@mui/icons-material/CakeOutlined';
import { lazyPage } from '../shell/chunks';
import { useArea } from '../shell/area';
import { BILLING } from '../billing/paths';
import { GIFT_CARD_REPORTS, type GiftCardStatus } from './types';

const giftCards = () => import('./GiftCardList');
const giftCardShow = lazyPage(() => import('./GiftCardShow').then((m) => m.GiftCardShow));

const giftCardReport = (status: GiftCardStatus) => ({
  list: lazyPage(() =>
    giftCards().then((m) => {
      const List = () => <m.GiftCardList status={status} />;
      return List;
    }),
  ),
  show: giftCardShow,
  icon: CardGiftcardIcon,
  recordRepresentation: 'code',
  options: { label: `app.gift_cards.${status}_menu` },
});

/** The management reports of gift cards: active, used and expired (doc1 §2). */
export const giftCardResources = (Object.keys(GIFT_CARD_REPORTS) as GiftCardStatus[]).map((status) => ({
  name: GIFT_CARD_REPORTS[status],
  ...giftCardReport(status),
}));

/** `receivable`: what invoices and debit notes left owed; a row opens its invoice or debit note. */
export const receivable = {
  list: lazyPage(() => import('./ReceivableList').then((m) => m.ReceivableList)),
  icon: RequestQuoteIcon,
  options: { label: 'app.receivables.menu' },
};

const codes = () => import('./DiscountCodes');

/** `menu/discount-codes`: the salon's discount codes, with its menu. */
export const discountCodes = {
  list: lazyPage(() => codes().then((m) => m.DiscountCodeList)),
  create: lazyPage(() => codes().then((m) => m.DiscountCodeCreate)),
  edit: lazyPage(() => codes().then((m) => m.DiscountCodeEdit)),
  icon: LocalOfferIcon,
  recordRepresentation: 'code',
  options: { label: 'app.discount_codes.menu' },
};

/** `reports/customers-discount-report`: the discounts per customer (sales reports 15). */
export const customersDiscountReport = {
  list: lazyPage(() => import('./CustomersDiscountReport').then((m) => m.CustomersDiscountReport)),
  icon: LocalOfferIcon,
  options: { label: 'app.discount_codes.report.menu' },
};

/** `pos/customer-wallet-reminder`: customers with money in their wallet. */
export const walletReminder = {
  list: lazyPage(() => import('./WalletReminderList').then((m) => m.WalletReminderList)),
  icon: AccountBalanceWalletIcon,
  options: { label: 'app.wallet.reminder_menu' },
};

/** `pos/birthday-congratulations`: today's and the coming week's birthdays, with "send now". */
export const birthdays = {
  list: lazyPage(() => import('./BirthdayList').then((m) => m.BirthdayList)),
  icon: CakeIcon,
  options: { label: 'app.birthdays.menu' },
};

const SellGiftCard = () => {
  const { basename } = useArea();
  return <Navigate to={`${basename}/${BILLING}?gift_card=1`} replace />;
};

/** `pos/sell-gift-card`: the till, opened with a gift card to sell. */
export const sellGiftCardRoute = (
  <Route key="sell-gift-card" path="/pos/sell-gift-card" element={<SellGiftCard />} />
);

export { INSTRUMENTS_API_PATHS } from './types';
