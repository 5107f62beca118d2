import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Title } from 'react-admin';
import { useCanAccess, useGetList, useGetOne, useRequireAccess, useTranslate } from 'ra-core';
import {
  codeLabelKey,
  ProductUsageType,
  VatType,
  type Currency,
  PaymentMethod,
  type GlobalInformation,
  doesService,
} from '@rawnaq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import { isHandled } from '../http/errors';
import { useFormat } from '../format/useFormat';
import { useGlobalInformation } from '../layout/globalInformationContext';
import { MENU_RESOURCES, type Service } from '../menu/types';
import type { Product } from '../products/types';
import { newKey } from '../shell/newKey';
import { useArea } from '../shell/area';
import { nameOf } from '../staff/types';
import type { Visit } from '../appointments/types';
import {
  amountOf,
  amountText,
  giftCardLine,
  invoiceBody,
  needsAuthorizationCode,
  PAYMENT_METHODS,
  restInCash,
  tillTotals,
  type TillGiftCardRow,
  type TillLine,
  type TillPaymentRow,
  type TillProblem,
} from './basket';
import { BILLING } from './paths';
import { CustomerPicker } from './CustomerPicker';
import { BuyerFields, buyerBody, buyerDraftOf, buyerProblems, type BuyerDraft } from './BuyerFields';
import { IssuedPanel, type Issued } from './IssuedPanel';
import { ItemSearch, type Item } from './ItemSearch';
import { problemsOf, useProblemText } from './problems';
import { Row, Totals } from './Totals';
import { GiftCardsPanel } from '../instruments/GiftCardsPanel';
import { useWallet } from '../instruments/useWallet';
import { useVisitDeposits } from '../instruments/useVisitDeposits';
import { DiscountCodeField, type TillCode } from '../instruments/DiscountCodeField';
import { holdBody } from '../held/basket';
import { HoldButton } from '../held/HoldButton';
import { useHeldBasket } from '../held/useHeldBasket';
import { useCustomerOffers } from '../customer-offers/useCustomerOffers';
import { CustomerOffersPanel, sessionsFree } from '../customer-offers/CustomerOffersPanel';
import type { CustomerOffer } from '../customer-offers/types';
import { useAppDataProvider } from '../http/useAppDataProvider';

type InvoiceSettings = { allow_price_change?: boolean; allow_debt?: boolean };

/** `GET billing/context`: the shelf, the sales rules, VAT and the employees a line can name. */
type TillContext = {
  id: string;
  vat: { vat_enabled: boolean; vat_percentage: number | string };
  invoice: InvoiceSettings;
  products: Product[];
  /** with the services each does (none given: every one) */
  employees: Array<{ id: string; name_en: string; name_ar: string; service_ids?: string[] }>;
  /** the active offers (not expired) and packages a customer can buy */
  offers?: Array<{ id: string; name_en: string; name_ar: string; price_minor: number; expiry_date: string }>;
  packages?: Array<{ id: string; name_en: string; name_ar: string; price_minor: number }>;
};

const MONEY_INPUT = { inputMode: 'decimal', dir: 'ltr' } as const;

/**
 * `billing` (doc1 §2, issue 11): the till. Opened empty, for a customer (`?customer_id=`) or to check
 * out a checked-in visit (`?appointment_id=`). Totals are the contracts' own pricing, so what the
 * screen shows is what the invoice will say, to the minor unit.
 */
export const BillingPage = () => {
  const { isPending: checking } = useRequireAccess({ resource: BILLING, action: 'show' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { basename } = useArea();
  // "New invoice" starts over: a new key remounts the till with nothing in it
  const [round, setRound] = useState(0);
  // `pos/sell-gift-card` starts the first sale with a gift card; "New invoice" starts an empty one
  const [giftCardFirst] = useState(params.get('gift_card') === '1');
  if (checking) return null;
  return (
    <Till
      key={round}
      customerId={params.get('customer_id') ?? undefined}
      appointmentId={params.get('appointment_id') ?? undefined}
      sellGiftCard={round === 0 && giftCardFirst}
      heldId={params.get('held_id') ?? undefined}
      onNew={() => {
        navigate(`${basename}/${BILLING}`, { replace: true });
        setRound((r) => r + 1);
      }}
    />
  );
};

const Till = ({
  customerId: givenCustomer,
  appointmentId,
  sellGiftCard,
  heldId,
  onNew,
}: {
  customerId?: string;
  appointmentId?: string;
  /** `pos/sell-gift-card`: the till opened with a gift card to sell */
  sellGiftCard?: boolean;
  /** resumed from this held invoice (`?held_id=`): its basket, and issuing closes it */
  heldId?: string;
  onNew: () => void;
}) => {
  const translate = useTranslate();
  const { language } = useArea();
  const { money } = useFormat();
  const dataProvider = useAppDataProvider();
  const information = useGlobalInformation<GlobalInformation>();
  const currency = (information?.global_informations.account.currency ?? 'SAR') as Currency;
  const rights = new Set<string>(information?.auth.rights ?? []);
  const problemText = useProblemText();

  // a 403 sends the whole screen to "no permission": read only what this user may read (a cashier
  // with the right to sell alone still sells the menu's services, for a walk-in)
  const readsMenu = useCanAccess({ resource: MENU_RESOURCES.services, action: 'list' }).canAccess === true;
  const readsBook = useCanAccess({ resource: 'appointments', action: 'list' }).canAccess === true;
  const readsServices = readsMenu || readsBook;
  const readsCustomers = useCanAccess({ resource: 'customers', action: 'list' }).canAccess === true;
  const { data: services = [] } = useGetList<Service>(
    MENU_RESOURCES.services,
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'order', order: 'ASC' }, filter: { status: 1 } },
    { enabled: readsServices },
  );
  // what the till sells besides the menu, with the salon's VAT and sales rules and who can be named
  // on a line: one read any seller may make (GET billing/context)
  const { data: context } = useGetOne<TillContext>('billing', { id: 'context' });
  const products = context?.products ?? [];
  const employees = context?.employees ?? [];
  const vat = context?.vat ?? { vat_enabled: false, vat_percentage: 0 };
  const invoiceSettings = context?.invoice;
  const { data: visit } = useGetOne<Visit & { invoice_id?: string | null }>(
    'appointments',
    { id: appointmentId ?? '' },
    { enabled: appointmentId !== undefined && readsBook },
  );
  const visitOpen = visit !== undefined && visit.state === 'checked_in' && !visit.invoice_id;

  const mayChangeQuantity = rights.has('change_quantity');
  const mayChangePrice = rights.has('change_invoice_price') && invoiceSettings?.allow_price_change === true;

  const [customerId, setCustomerId] = useState<string | undefined>(givenCustomer);
  const [buyer, setBuyer] = useState<BuyerDraft | null>(null);
  const [lines, setLines] = useState<TillLine[]>(() => (sellGiftCard ? [giftCardLine(newKey())] : []));
  const [giftCards, setGiftCards] = useState<TillGiftCardRow[]>([]);
  const [code, setCode] = useState<TillCode | undefined>();
  const { wallet } = useWallet(customerId);
  const { offers: purchases = [] } = useCustomerOffers(customerId);
  const deposited = useVisitDeposits(visitOpen ? appointmentId : undefined);
  const [discount, setDiscount] = useState('');
  const [payments, setPayments] = useState<TillPaymentRow[]>([]);
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<TillProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const barcodeRef = useRef<HTMLInputElement>(null);

  const items: Item[] = useMemo(
    () => [
      ...services.map((s) => ({
        kind: 'service' as const,
        id: s.id,
        name_en: s.name_en,
        name_ar: s.name_ar,
        price: (s.offer_price ? amountOf(s.offer_price, currency) : undefined) ?? s.price_minor,
        service: s,
      })),
      ...products
        .filter((p) => p.usage_type !== ProductUsageType.internal_only)
        .map((p) => ({
          kind: 'product' as const,
          id: p.id,
          name_en: p.name_en,
          name_ar: p.name_ar,
          price: p.price_minor,
          product: p,
        })),
      ...(context?.offers ?? []).map((o) => ({
        kind: 'offer' as const,
        id: o.id,
        name_en: o.name_en,
        name_ar: o.name_ar,
        price: o.price_minor,
        expiry_date: o.expiry_date,
      })),
      ...(context?.packages ?? []).map((p) => ({
        kind: 'package' as const,
        id: p.id,
        name_en: p.name_en,
        name_ar: p.name_ar,
        price: p.price_minor,
      })),
    ],
    [services, products, currency, context],
  );

  // who can be named on a line: for a service, only the employees who do it (her skills)
  const doesLine = (employeeId: string, line: { kind: string; itemId: string }) => {
    const employee = employees.find((e) => e.id === employeeId);
    return employee !== undefined && (line.kind !== 'service' || doesService(employee, line.itemId));
  };
  /** The previous line's employee, for a new line she may do (else nobody yet: the desk chooses). */
  const nextEmployee = (line: { kind: string; itemId: string }, after = lines[lines.length - 1]) =>
    after?.employeeId && doesLine(after.employeeId, line) ? after.employeeId : '';
  const lineOf = (item: Item, employeeId?: string): TillLine => ({
    key: newKey(),
    kind: item.kind,
    itemId: item.id,
    nameEn: item.name_en,
    nameAr: item.name_ar,
    employeeId: employeeId ?? nextEmployee({ kind: item.kind, itemId: item.id }),
    quantity: '1',
    price: amountText(item.price, currency),
    listPrice: item.price,
    discount: '',
    vatType: item.kind === 'product' ? (item.product.vat_type as VatType) : VatType.standard,
  });

  // a visit checked out: its customer and its services with their employees
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || heldId || !visitOpen || services.length === 0) return;
    prefilled.current = true;
    setCustomerId(visit.customer_id);
    setLines(
      visit.lines.flatMap((l) => {
        const item = items.find((i) => i.kind === 'service' && i.id === l.service_id);
        return item ? [lineOf(item, l.employee_id)] : [];
      }),
    );
  }, [visitOpen, services.length]);

  // a held basket resumed: its customer, business buyer, lines and discount as they were held
  const held = useHeldBasket(heldId, {
    ready: context !== undefined && (!readsServices || services.length > 0),
    items,
    currency,
    onBasket: (basket) => {
      setCustomerId(basket.customerId);
      setBuyer(basket.buyer ? buyerDraftOf(basket.buyer) : null);
      setLines(basket.lines);
      setDiscount(basket.discount);
    },
  });

  // what the server said belongs to the basket it judged
  useEffect(() => setServerProblems([]), [lines, payments, discount, customerId, giftCards, code, buyer]);

  const totals = tillTotals(
    lines,
    discount,
    payments,
    {
      currency,
      vatEnabled: vat.vat_enabled,
      vatPercentage: vat.vat_percentage,
      mayOwe: Boolean(customerId) && rights.has('debit_in_invoice') && invoiceSettings?.allow_debt === true,
      walletBalance: wallet?.balance ?? 0,
      discountCode: code,
      deposited,
    },
    giftCards,
  );
  // pricing problems show at once; the others once the cashier tries to issue
  const shown = [
    ...totals.problems.filter((p) => tried || p.key === 'sales.discount_above_amount'),
    ...serverProblems,
  ];
  const errorOf = (field: string) => {
    const problem = shown.find((p) => p.field === field);
    return problem ? problemText(problem) : undefined;
  };

  const add = (item: Item) => {
    const same = lines.findIndex((l) => l.kind === 'product' && l.itemId === item.id);
    if (item.kind === 'product' && same >= 0 && mayChangeQuantity)
      setLines(
        lines.map((l, i) => (i === same ? { ...l, quantity: String((Number(l.quantity) || 0) + 1) } : l)),
      );
    else setLines([...lines, lineOf(item)]);
  };
  // a service paid by one of the customer's sessions: 0 on this invoice, named after her purchase
  const coverBySession = (offer: CustomerOffer, serviceId: string, index?: number) => {
    const service = offer.services.find((s) => s.service_id === serviceId);
    if (!service) return;
    const covered: TillLine = {
      key: newKey(),
      kind: 'service',
      itemId: serviceId,
      nameEn: service.name_en,
      nameAr: service.name_ar,
      employeeId: nextEmployee(
        { kind: 'service', itemId: serviceId },
        index !== undefined ? lines[index] : lines[lines.length - 1],
      ),
      quantity: '1',
      price: amountText(0, currency),
      listPrice: 0,
      discount: '',
      vatType: VatType.standard,
      customerOfferId: offer.id,
      fromOffer: { nameEn: offer.name_en, nameAr: offer.name_ar },
    };
    setLines(
      index === undefined
        ? [...lines, covered]
        : lines.map((l, i) => (i === index ? { ...covered, key: l.key } : l)),
    );
  };
  /** The first of her purchases with a session of this service still free in the basket. */
  const sessionFor = (serviceId: string) =>
    purchases.find((o) => o.status === 'active' && sessionsFree(o, serviceId, lines) > 0);
  const change = (index: number, patch: Partial<TillLine>) =>
    setLines(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const changePayment = (index: number, patch: Partial<TillPaymentRow>) =>
    setPayments(payments.map((p, i) => (i === index ? { ...p, ...patch } : p)));

  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState<string | undefined>();
  const scan = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = barcode.trim();
    if (!code) return;
    const product = products.find((p) => p.barcode === code);
    const item = product && items.find((i) => i.kind === 'product' && i.id === product.id);
    if (!item) setBarcodeError(translate('app.billing.barcode_unknown', { barcode: code }));
    else {
      add(item);
      setBarcodeError(undefined);
    }
    setBarcode('');
    barcodeRef.current?.focus();
  };

  const addPayment = () =>
    setPayments([
      ...payments,
      {
        key: newKey(),
        // a split is cash and a card, most often: the second row starts as a card
        method: (payments.some((p) => p.method === 1) ? 2 : 1) as PaymentMethod,
        amount: totals.remaining > 0 ? amountText(totals.remaining, currency) : '',
        authorizationCode: '',
      },
    ]);

  const issue = async () => {
    setTried(true);
    if (busy || totals.problems.length > 0) return;
    const wrongBuyer = buyer ? buyerProblems(buyer) : [];
    if (wrongBuyer.length) return setServerProblems(wrongBuyer);
    const body = {
      ...invoiceBody(
        {
          customerId,
          appointmentId: visitOpen ? appointmentId : undefined,
          lines,
          discount,
          payments,
          giftCards,
          discountCode: code?.code,
        },
        currency,
      ),
      ...held.issueFields,
      ...(buyer && { buyer: buyerBody(buyer) }),
    };
    // one key per attempt of this basket: a second click or a retry of the same basket issues once
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newKey() };
    setBusy(true);
    try {
      const reply = await dataProvider.send<Issued>('POST', 'invoices', body, {
        idempotencyKey: attempt.current.key,
      });
      setIssued(reply);
    } catch (error) {
      if (!isHandled(error)) setServerProblems(problemsOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (issued) return <IssuedPanel issued={issued} onNew={onNew} />;

  const issueButton = (testId: string, sx: object) => (
    <Button
      variant="contained"
      size="large"
      onClick={issue}
      disabled={busy}
      startIcon={<ReceiptLongIcon />}
      data-testid={testId}
      sx={sx}
    >
      {busy
        ? translate('app.billing.issuing')
        : translate('app.billing.issue_amount', { total: money(totals.priced?.total ?? 0) })}
    </Button>
  );

  // "Hold" (the user's right): the basket without payments kept for later; a new sale starts
  const holdButton = (testId: string, sx: object) =>
    rights.has('hold_invoice') && !heldId ? (
      <HoldButton
        body={() => ({
          ...holdBody(
            invoiceBody(
              { customerId, appointmentId: visitOpen ? appointmentId : undefined, lines, discount, payments },
              currency,
            ),
          ),
          // the business buyer is kept with the basket
          ...(buyer && { buyer: buyerBody(buyer) }),
        })}
        problems={() => (buyer ? buyerProblems(buyer) : [])}
        disabled={lines.length === 0}
        onHeld={onNew}
        onProblems={setServerProblems}
        testId={testId}
        sx={sx}
      />
    ) : null;

  return (
    <Box sx={{ mt: 1, pb: { xs: 12, md: 2 } }} data-testid="billing">
      <Title title="app.billing.title" />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(280px, 340px)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Card>
            <CardContent>
              <CustomerPicker
                customerId={customerId}
                locked={visitOpen}
                searchable={readsCustomers}
                visitNo={visitOpen ? visit.booking_no : undefined}
                visitName={visitOpen ? visit.customer_name : undefined}
                onChange={setCustomerId}
                error={errorOf('customer_id') ?? errorOf('appointment_id')}
              />
              {/* a Saudi salon's sale to a business: a standard tax invoice, cleared by ZATCA */}
              {currency === 'SAR' && <BuyerFields buyer={buyer} onChange={setBuyer} errorOf={errorOf} />}
              {customerId && (
                <CustomerOffersPanel
                  offers={purchases}
                  lines={lines}
                  onUse={(offer, serviceId) => coverBySession(offer, serviceId)}
                />
              )}
              {held.notice}
              {appointmentId && visit && !visitOpen && (
                <Alert severity="warning" sx={{ mt: 1 }} data-testid="billing-visit-closed">
                  {translate('app.billing.not_found_visit')}
                </Alert>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5}>
                <TextField
                  size="small"
                  label={translate('app.billing.barcode')}
                  value={barcode}
                  onChange={(e) => (setBarcode(e.target.value), setBarcodeError(undefined))}
                  onKeyDown={scan}
                  error={Boolean(barcodeError)}
                  helperText={barcodeError ?? translate('app.billing.barcode_hint')}
                  inputRef={barcodeRef}
                  autoFocus
                  sx={{ flex: { lg: '0 0 220px' } }}
                  slotProps={{
                    htmlInput: { 'data-testid': 'billing-barcode', inputMode: 'numeric', dir: 'ltr' },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <QrCodeScannerIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <ItemSearch items={items} onPick={(item) => (add(item), barcodeRef.current?.focus())} />
                <Button
                  variant="outlined"
                  startIcon={<CardGiftcardIcon />}
                  onClick={() => setLines([...lines, giftCardLine(newKey())])}
                  data-testid="billing-sell-gift-card"
                  sx={{ flexShrink: 0, alignSelf: { lg: 'flex-start' }, minHeight: 40 }}
                  title={translate('app.gift_cards.sell_hint')}
                >
                  {translate('app.gift_cards.sell')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {translate('app.billing.lines')}
              </Typography>
              {lines.length === 0 && (
                <Typography color="text.secondary" data-testid="billing-empty">
                  {translate('app.billing.empty')}
                </Typography>
              )}
              <Stack divider={<Divider flexItem />} spacing={1.5}>
                {lines.map((line, i) => (
                  <Box key={line.key} data-testid="billing-line">
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={translate(
                          line.customerOfferId
                            ? 'app.customer_offers.session'
                            : line.kind === 'gift_card'
                              ? 'app.gift_cards.sell'
                              : line.kind === 'offer' || line.kind === 'package'
                                ? `app.customer_offers.kinds.${line.kind}`
                                : `app.billing.${line.kind}`,
                        )}
                        sx={{ flexShrink: 0 }}
                      />
                      <Typography
                        sx={{
                          fontWeight: 500,
                          flex: 1,
                          minWidth: 0,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {language === 'ar' ? line.nameAr : line.nameEn}
                      </Typography>
                      <Typography sx={{ fontWeight: 600 }} data-testid="billing-line-total">
                        <bdi>{money(totals.priced?.lines[i]?.total ?? 0)}</bdi>
                      </Typography>
                      <IconButton
                        size="small"
                        onClick={() => setLines(lines.filter((_, j) => j !== i))}
                        aria-label={translate('app.billing.remove', {
                          name: language === 'ar' ? line.nameAr : line.nameEn,
                        })}
                        data-testid="billing-line-remove"
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Stack>
                    {line.fromOffer && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        sx={{ mb: 1 }}
                        data-testid="billing-line-from-offer"
                      >
                        {translate('app.customer_offers.from', {
                          name: language === 'ar' ? line.fromOffer.nameAr : line.fromOffer.nameEn,
                        })}
                      </Typography>
                    )}
                    {!line.customerOfferId &&
                      line.kind === 'service' &&
                      (() => {
                        const offer = sessionFor(line.itemId);
                        return offer ? (
                          <Button
                            size="small"
                            sx={{ mb: 1 }}
                            onClick={() => coverBySession(offer, line.itemId, i)}
                            data-testid="billing-line-use-session"
                          >
                            {translate('app.customer_offers.cover_line', {
                              name: language === 'ar' ? offer.name_ar : offer.name_en,
                            })}
                          </Button>
                        ) : null;
                      })()}
                    {(errorOf(`lines.${i}.customer_offer_id`) ?? errorOf(`lines.${i}.item_id`)) && (
                      <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                        {errorOf(`lines.${i}.customer_offer_id`)}
                      </Typography>
                    )}
                    {errorOf(`lines.${i}.item_id`) && (
                      <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                        {errorOf(`lines.${i}.item_id`)}
                      </Typography>
                    )}
                    <Box
                      sx={{
                        display: 'grid',
                        gap: 1,
                        gridTemplateColumns: {
                          xs: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr)',
                          lg: 'minmax(0, 2fr) minmax(0, 0.8fr) minmax(0, 1.2fr) minmax(0, 1.2fr)',
                        },
                      }}
                    >
                      <TextField
                        select
                        size="small"
                        label={translate('app.billing.employee')}
                        value={line.employeeId}
                        onChange={(e) => change(i, { employeeId: e.target.value })}
                        error={Boolean(errorOf(`lines.${i}.employee_id`))}
                        helperText={errorOf(`lines.${i}.employee_id`)}
                        sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
                        slotProps={{
                          select: {
                            SelectDisplayProps: { 'data-testid': 'billing-line-employee' } as object,
                          },
                        }}
                      >
                        <MenuItem value="">
                          <em>{translate('app.billing.no_employee')}</em>
                        </MenuItem>
                        {employees
                          // those who do the line's service, and whoever it already names (a visit's)
                          .filter((e) => e.id === line.employeeId || doesLine(e.id, line))
                          .map((e) => (
                            <MenuItem key={e.id} value={e.id}>
                              {nameOf(e, language)}
                            </MenuItem>
                          ))}
                      </TextField>
                      <TextField
                        size="small"
                        label={translate('app.billing.quantity')}
                        value={line.quantity}
                        onChange={(e) => change(i, { quantity: e.target.value })}
                        disabled={
                          !mayChangeQuantity ||
                          line.kind === 'gift_card' ||
                          line.kind === 'offer' ||
                          line.kind === 'package' ||
                          Boolean(line.customerOfferId)
                        }
                        error={Boolean(errorOf(`lines.${i}.quantity`))}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            dir: 'ltr',
                            'data-testid': 'billing-line-quantity',
                          },
                        }}
                      />
                      <TextField
                        size="small"
                        label={translate(
                          line.kind === 'gift_card' ? 'app.gift_cards.value' : 'app.billing.price',
                        )}
                        value={line.price}
                        onChange={(e) => change(i, { price: e.target.value })}
                        disabled={
                          (!mayChangePrice && line.kind !== 'gift_card') || Boolean(line.customerOfferId)
                        }
                        autoFocus={line.kind === 'gift_card' && !line.price}
                        error={Boolean(errorOf(`lines.${i}.price`))}
                        slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'billing-line-price' } }}
                      />
                      <TextField
                        size="small"
                        label={translate('app.billing.discount')}
                        value={line.discount}
                        onChange={(e) => change(i, { discount: e.target.value })}
                        disabled={line.kind === 'gift_card' || Boolean(line.customerOfferId)}
                        error={Boolean(errorOf(`lines.${i}.discount`))}
                        slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'billing-line-discount' } }}
                      />
                    </Box>
                    {line.kind === 'gift_card' && (
                      <TextField
                        size="small"
                        fullWidth
                        label={translate('app.gift_cards.message')}
                        value={line.message ?? ''}
                        onChange={(e) => change(i, { message: e.target.value })}
                        sx={{ mt: 1 }}
                        slotProps={{ htmlInput: { 'data-testid': 'billing-line-message' } }}
                      />
                    )}
                    {(['kind', 'quantity', 'price', 'discount'] as const).map((f) =>
                      errorOf(`lines.${i}.${f}`) ? (
                        <Typography key={f} variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
                          {errorOf(`lines.${i}.${f}`)}
                        </Typography>
                      ) : null,
                    )}
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>
        </Stack>

        <Card sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
          <CardContent>
            <TextField
              size="small"
              fullWidth
              label={translate('app.billing.invoice_discount')}
              value={discount}
              onChange={(e) => setDiscount(e.target.value)}
              error={Boolean(errorOf('discount'))}
              helperText={errorOf('discount')}
              slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'billing-discount' } }}
              sx={{ mb: 1.5 }}
            />
            <DiscountCodeField
              code={code}
              onChange={setCode}
              amount={totals.codeDiscount}
              error={errorOf('discount_code')}
            />
            <Totals totals={totals} />
            <Divider sx={{ my: 1.5 }} />
            <GiftCardsPanel
              rows={giftCards}
              onChange={setGiftCards}
              remaining={totals.remaining}
              currency={currency}
              errorOf={errorOf}
            />
            {deposited > 0 && (
              <Row
                label={translate('app.deposits.on_till')}
                value={money(-deposited)}
                testId="billing-deposited"
              />
            )}
            {totals.redeemed > 0 && (
              <Row
                label={translate('app.gift_cards.redeemed')}
                value={money(-totals.redeemed)}
                testId="billing-redeemed"
              />
            )}
            <Divider sx={{ my: 1.5 }} />
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                {translate('app.billing.payments')}
              </Typography>
            </Stack>
            {wallet &&
              customerId &&
              (wallet.balance > 0 || payments.some((p) => p.method === PaymentMethod.wallet)) && (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mb: 1 }}
                  data-testid="billing-wallet"
                >
                  {translate('app.wallet.on_till', { balance: money(wallet.balance) })}
                </Typography>
              )}
            <Stack spacing={1.5}>
              {payments.map((p, i) => (
                <Box
                  key={p.key}
                  data-testid="billing-payment"
                  sx={{
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns: 'minmax(0, 1.3fr) minmax(0, 1fr) auto',
                    alignItems: 'start',
                  }}
                >
                  <TextField
                    select
                    size="small"
                    label={translate('app.billing.method')}
                    value={p.method}
                    onChange={(e) => changePayment(i, { method: Number(e.target.value) as PaymentMethod })}
                    slotProps={{
                      select: { SelectDisplayProps: { 'data-testid': 'billing-payment-method' } as object },
                    }}
                  >
                    {PAYMENT_METHODS.map((m) => (
                      <MenuItem key={m} value={m}>
                        {translate(codeLabelKey('paymentMethod', m))}
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    size="small"
                    label={translate('app.billing.amount')}
                    value={p.amount}
                    onChange={(e) => changePayment(i, { amount: e.target.value })}
                    error={Boolean(errorOf(`payments.${i}.amount`))}
                    slotProps={{ htmlInput: { ...MONEY_INPUT, 'data-testid': 'billing-payment-amount' } }}
                  />
                  <IconButton
                    onClick={() => setPayments(payments.filter((_, j) => j !== i))}
                    aria-label={translate('app.billing.remove_payment')}
                    data-testid="billing-payment-remove"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                  {needsAuthorizationCode(p.method) && (
                    <TextField
                      size="small"
                      label={translate('app.billing.authorization_code')}
                      value={p.authorizationCode}
                      onChange={(e) => changePayment(i, { authorizationCode: e.target.value })}
                      error={Boolean(errorOf(`payments.${i}.authorization_code`))}
                      helperText={errorOf(`payments.${i}.authorization_code`)}
                      sx={{ gridColumn: '1 / 3' }}
                      slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'billing-payment-code' } }}
                    />
                  )}
                  {errorOf(`payments.${i}.amount`) && (
                    <Typography variant="caption" color="error" sx={{ gridColumn: '1 / -1' }}>
                      {errorOf(`payments.${i}.amount`)}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={addPayment}
                data-testid="billing-add-payment"
              >
                {translate('app.billing.add_payment')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                startIcon={<PaymentsIcon />}
                disabled={totals.remaining <= 0}
                onClick={() => setPayments(restInCash(payments, totals.remaining, currency, newKey))}
                data-testid="billing-rest-cash"
              >
                {translate('app.billing.rest_in_cash')}
              </Button>
            </Stack>
            <Stack spacing={0.5} sx={{ mt: 1.5 }}>
              <Row label={translate('app.billing.paid')} value={money(totals.paid)} />
              <Row
                label={translate('app.billing.remaining')}
                value={money(totals.remaining)}
                strong
                color={totals.remaining > 0 ? 'warning.main' : 'success.main'}
                testId="billing-remaining"
              />
            </Stack>
            {shown.length > 0 && (
              <Alert severity="error" sx={{ mt: 1.5 }} data-testid="billing-problems">
                {[...new Set(shown.map(problemText))].map((text) => (
                  <Typography key={text} variant="body2">
                    {text}
                  </Typography>
                ))}
              </Alert>
            )}
            {issueButton('billing-issue', {
              mt: 2,
              width: '100%',
              display: { xs: 'none', md: 'inline-flex' },
            })}
            {holdButton('billing-hold', { mt: 1, width: '100%', display: { xs: 'none', md: 'inline-flex' } })}
          </CardContent>
        </Card>
      </Box>
      {/* on a phone the total and the issue button stay on screen, over the page's end */}
      <Paper
        elevation={8}
        sx={{
          display: { xs: 'flex', md: 'none' },
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          p: 1.5,
          zIndex: (t) => t.zIndex.appBar,
          gap: 1,
          alignItems: 'center',
        }}
      >
        {holdButton('billing-hold-phone', {})}
        {issueButton('billing-issue-phone', { flex: 1 })}
      </Paper>
    </Box>
  );
};
