/**
 * The salon's online shop (issue 12), in a real browser: a gift card bought on a phone in Arabic
 * (390×844) with the simulator's success card, its e-gift page, then spent at the till by the owner in
 * the back office (Arabic, on the phone); an offer bought the same way, shown on its e-offer page; the
 * same pages in English on a desktop. Called by flows.e2e.spec.ts.
 */
import type { Page } from 'playwright-core';
import { DEMO, noSideScroll, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };
const SUCCESS_CARD = '4000 0000 0000 0002';

/** A call of the merchant API with the page's own session. */
const pageSend = <T>(page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/merchant/${p}`, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('rawnaq.merchant.token')}`,
          'Content-Type': 'application/json',
        },
        ...(b === undefined ? {} : { body: JSON.stringify(b) }),
      });
      return { status: res.status, body: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; body: T }>;

/** The simulator's hosted page: the card, its expiry and code, then pay. */
const payWith = async (page: Page, card: string) => {
  await page.waitForURL(/\/pay\/sim\//);
  await page.fill('input[name=card]', card);
  await page.fill('input[name=expiry]', '12/30');
  await page.fill('input[name=cvv]', '123');
  await page.click('button[value=pay]');
  await page.waitForURL(/\/payment-gateway-status\//);
};

export const onlineShopTests = ({ url, tab }: SuiteContext) => {
  describe('the salon’s online shop', () => {
    let offerName = '';
    let offerId = '';

    it('sells a gift card online with the success card, shows its e-gift page, and the owner spends it at the till (Arabic phone)', async () => {
      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await signIn(desk.page, url, owner);
      const set = await pageSend(desk.page, 'PUT', 'settings/online', {
        alias: 'demosalon',
        online_booking: true,
        deposit_type: 'none',
        online_gift_cards: true,
      });
      expect(set.status).toBe(200);
      const services = await pageSend<Array<{ id: string; name_en: string; name_ar: string }>>(
        desk.page,
        'GET',
        'services?range=[0,99]',
      );
      const [first, second] = services.body;
      const today = new Date().toISOString().slice(0, 10);
      offerName = 'عرض الإشراقة';
      const offer = await pageSend<{ id: string }>(desk.page, 'POST', 'offers', {
        name_en: 'Glow offer',
        name_ar: offerName,
        type: 'fixed',
        use_type: 1,
        service_ids: [first.id, second.id],
        price: '150.00',
        expiry_date: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
        description_en: 'Two favourites at a better price',
        description_ar: 'خدمتان مفضلتان بسعر أفضل',
      });
      expect(offer.status).toBe(201);
      offerId = offer.body.id;

      // the customer, on her phone in Arabic: the home page links to the gift cards and the offers
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/salon/demosalon/home`);
      await page.waitForSelector('[data-testid=home-gift-card]');
      await page.waitForSelector('[data-testid=home-offers]');
      await shot(page, 'online-shop-home-ar-phone');
      await page.click('[data-testid=home-gift-card]');
      await page.waitForSelector('[data-testid=buy-gift-card]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      // nothing typed: each field says what is missing, nothing is sent
      await page.click('[data-testid=gift-pay]');
      await page.waitForSelector('[data-testid=error-beneficiary_name]');
      await page.waitForSelector('[data-testid=error-buyer_mobile]');
      await page.click('[data-testid=gift-value-200]');
      await page.fill('[data-testid=beneficiary_name]', 'ريم الهدية');
      await page.fill('[data-testid=beneficiary_mobile]', '0551238801');
      await page.fill('[data-testid=gift-message]', 'كل عام وأنتِ بخير');
      await page.fill('[data-testid=buyer_name]', 'لمى المشترية');
      await page.fill('[data-testid=buyer_mobile]', '0551238802');
      await shot(page, 'online-shop-gift-card-ar-phone');
      await page.click('[data-testid=gift-pay]');
      await payWith(page, SUCCESS_CARD);
      await page.waitForSelector('[data-testid=open-e-gift-card]');
      expect(await page.textContent('[data-testid=payment-paid] h1')).toBe('بطاقة الإهداء جاهزة');
      await shot(page, 'online-shop-gift-card-paid-ar-phone');
      const status = new URL(page.url()).pathname;
      await page.click('[data-testid=open-e-gift-card]');
      await page.waitForSelector('[data-testid=e-gift-code]');
      const code = ((await page.textContent('[data-testid=e-gift-code]')) ?? '').trim();
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(page.url()).toMatch(/\/ar\/e-gift\/[A-Za-z0-9_-]{22}$/);
      const eGift = new URL(page.url()).pathname.split('/').pop()!;
      await shot(page, 'online-shop-e-gift-ar-phone');

      // the same pages in English on a desktop
      await desk.page.goto(`${url}/en/salon/demosalon/buy-gift-card`);
      await desk.page.waitForSelector('[data-testid=buy-gift-card]');
      await shot(desk.page, 'online-shop-gift-card-en-desktop');
      await desk.page.goto(`${url}/en${status}`);
      await desk.page.waitForSelector('[data-testid=open-e-gift-card]');
      expect(await desk.page.textContent('[data-testid=payment-paid] h1')).toBe('Your gift card is ready');
      await shot(desk.page, 'online-shop-gift-card-paid-en-desktop');

      // at the till, the owner on her phone in Arabic: a service for the card's holder, paid by the card
      const [holder] = (
        await pageSend<Array<{ id: string }>>(
          desk.page,
          'GET',
          `customers?filter=${encodeURIComponent(JSON.stringify({ q: 'ريم الهدية' }))}`,
        )
      ).body;
      expect(holder).toBeDefined();
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/billing?customer_id=${holder.id}`);
      await page.waitForSelector('[data-testid=billing-item-search]');
      await page.fill('[data-testid=billing-item-search]', first.name_ar.slice(0, 3));
      await page.waitForSelector('[data-testid=billing-item-option] >> nth=0');
      await page.press('[data-testid=billing-item-search]', 'Enter');
      await page.waitForSelector('[data-testid=billing-line]');
      await page.click('[data-testid=billing-add-gift-card]');
      await page.fill('[data-testid=billing-gift-card-code]', code.toLowerCase());
      await page.press('[data-testid=billing-gift-card-code]', 'Enter');
      await page.waitForSelector('[data-testid=billing-gift-card-note]');
      await page.waitForSelector('[data-testid=billing-remaining]:has-text("0.00")');
      await shot(page, 'online-shop-gift-card-till-ar-phone');
      await page.click('[data-testid=billing-issue-phone]');
      await page.waitForSelector('[data-testid=invoice-issued]');
      // the card's own page says what is left on it
      const card = (await page.evaluate(
        async (id) => (await fetch(`/api/public/e-gift/${id}`)).json(),
        eGift,
      )) as { value: number; remaining: number };
      expect(card.value).toBe(20000);
      expect(card.remaining).toBeLessThan(20000);

      // the salon's own switch for gift cards online, on its online settings, in both languages
      await page.goto(`${url}/ar/merchant/setting/online-setting`);
      await page.waitForSelector('[data-testid=online-settings] >> text=بطاقات الإهداء عبر الإنترنت');
      await shot(page, 'online-shop-settings-ar-phone');
      // one session at a time: the desk signs in again
      await signIn(desk.page, url, owner);
      await desk.page.goto(`${url}/en/merchant/setting/online-setting`);
      await desk.page.waitForSelector('[data-testid=online-settings] >> text=Gift cards online');
      await shot(desk.page, 'online-shop-settings-en-desktop');
    });

    it('sells an offer online and shows it on its e-offer page (Arabic phone, English desktop)', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/salon/demosalon/offers`);
      await page.waitForSelector(`[data-testid=shop-item]:has-text("${offerName}")`);
      await shot(page, 'online-shop-offers-ar-phone');
      await page.click(`[data-testid=shop-item]:has-text("${offerName}") button`);
      await page.waitForSelector('[data-testid=offer-checkout]');
      await page.fill('[data-testid=name]', 'هند العرض');
      await page.fill('[data-testid=mobile]', '0551238803');
      await shot(page, 'online-shop-offer-checkout-ar-phone');
      await page.click('[data-testid=offer-pay]');
      await payWith(page, SUCCESS_CARD);
      await page.waitForSelector('[data-testid=open-e-offer]');
      expect(await page.textContent('[data-testid=payment-paid] h1')).toBe('تم تأكيد الشراء');
      await page.click('[data-testid=open-e-offer]');
      await page.waitForSelector('[data-testid=e-offer]');
      expect(await page.textContent('[data-testid=e-offer]')).toContain(offerName);
      await shot(page, 'online-shop-e-offer-ar-phone');

      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await desk.page.goto(`${url}/en/salon/demosalon/offers`);
      await desk.page.waitForSelector('[data-testid=shop-item]:has-text("Glow offer")');
      await shot(desk.page, 'online-shop-offers-en-desktop');
      await desk.page.click('[data-testid=shop-item]:has-text("Glow offer") button');
      await desk.page.waitForSelector('[data-testid=offer-checkout]');
      await desk.page.click('[data-testid=offer-pay]');
      await desk.page.waitForSelector('[data-testid=error-mobile]');
      await shot(desk.page, 'online-shop-offer-checkout-en-desktop');
    });

    it('keeps an offer paid while the salon paused it: the customer is told, the report lists it, "deliver now" hands it over (Arabic phone)', async () => {
      const desk = await tab('ar');
      await desk.page.setViewportSize(PHONE);
      await signIn(desk.page, url, owner, { language: 'ar' });
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await page.goto(`${url}/salon/demosalon/offers`);
      await page.click(`[data-testid=shop-item]:has-text("${offerName}") button`);
      await page.waitForSelector('[data-testid=offer-checkout]');
      await page.fill('[data-testid=name]', 'ريم المتأخرة');
      await page.fill('[data-testid=mobile]', '0551238804');
      await page.click('[data-testid=offer-pay]');
      await page.waitForURL(/\/pay\/sim\//);
      // the salon pauses the offer while she types her card
      expect((await pageSend(desk.page, 'POST', `offers/${offerId}/pause`)).status).toBe(200);
      await payWith(page, SUCCESS_CARD);
      await page.waitForSelector('[data-testid=purchase-not-delivered]');
      expect(await page.textContent('[data-testid=purchase-not-delivered]')).toContain('سيتواصل معك الصالون');
      await shot(page, 'online-shop-not-delivered-ar-phone');

      await desk.page.goto(`${url}/ar/merchant/reports/payment-gateway-payments`);
      await desk.page.waitForSelector('[data-testid=gateway-not-delivered]');
      expect(await desk.page.textContent('[data-testid=gateway-not-delivered]')).toContain('مدفوع ولم يُسلَّم');
      await shot(desk.page, 'online-payments-not-delivered-ar-phone');
      // still paused: the till refuses again and says why
      await desk.page.click('[data-testid=gateway-deliver-now]');
      await desk.page.waitForSelector('[data-testid=gateway-not-delivered]');
      expect((await pageSend(desk.page, 'POST', `offers/${offerId}/resume`)).status).toBe(200);
      await desk.page.click('[data-testid=gateway-deliver-now]');
      await desk.page.waitForSelector('text=سُلّم للعميلة');
      expect(await desk.page.$('[data-testid=gateway-not-delivered]')).toBeNull();
      await shot(desk.page, 'online-payments-delivered-ar-phone');
    });

    it('shows the platform’s gateway fees per salon to the manager, on a phone in Arabic and on a desktop in English', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, DEMO.manager, { language: 'ar', area: 'manager' });
      await page.goto(`${url}/ar/manager/payment-gateway-fees`);
      await page.waitForSelector('[data-testid=fees-total]');
      // the two purchases above were paid: 1 AED each at least
      expect(Number(await page.textContent('[data-testid=fees-transactions]'))).toBeGreaterThanOrEqual(2);
      await page.waitForSelector('.MuiListItemText-root');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await shot(page, 'online-shop-manager-fees-ar-phone');
      // a period without any: the empty state
      await page.fill('[data-testid=fees-from]', '2020-01-01');
      await page.fill('[data-testid=fees-to]', '2020-01-31');
      await page.waitForSelector('[data-testid=list-empty]');
      await shot(page, 'online-shop-manager-fees-empty-ar-phone');
      // the platform's gateway defaults: the fee in AED and the time to pay
      await page.goto(`${url}/ar/manager/platform-setting/payment-gateway-setting/platform`);
      await page.waitForSelector('[data-testid=gateway-fee]');
      expect(await page.inputValue('[data-testid=gateway-fee]')).toBe('1.00');
      await shot(page, 'online-shop-manager-gateway-setting-ar-phone');
      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await signIn(desk.page, url, DEMO.manager, { area: 'manager' });
      await desk.page.goto(`${url}/en/manager/payment-gateway-fees`);
      await desk.page.waitForSelector('[data-testid=payment-gateway-fees] table');
      await shot(desk.page, 'online-shop-manager-fees-en-desktop');
      await desk.page.goto(`${url}/en/manager/platform-setting/payment-gateway-setting/platform`);
      await desk.page.waitForSelector('[data-testid=gateway-fee]');
      await desk.page.fill('[data-testid=gateway-fee]', '1.50');
      const saving = desk.page.waitForResponse(
        (r) => r.url().includes('/platform-settings/platform') && r.request().method() === 'PUT',
      );
      await desk.page.click('button[type=submit]');
      expect((await saving).status()).toBe(200);
      await shot(desk.page, 'online-shop-manager-gateway-setting-en-desktop');
      await desk.page.reload();
      await desk.page.waitForSelector('[data-testid=gateway-fee]');
      await desk.page.waitForFunction(
        () =>
          (document.querySelector('[data-testid=gateway-fee]') as HTMLInputElement | null)?.value === '1.50',
      );
      // back to the default for whatever runs next
      const restoring = desk.page.waitForResponse(
        (r) => r.url().includes('/platform-settings/platform') && r.request().method() === 'PUT',
      );
      await desk.page.fill('[data-testid=gateway-fee]', '1.00');
      await desk.page.click('button[type=submit]');
      expect((await restoring).status()).toBe(200);
    });

    it('lets the manager offer a payment gateway package and put the demo salon on it (Arabic phone, English desktop)', async () => {
      const { page } = await tab('ar');
      await page.setViewportSize(PHONE);
      await signIn(page, url, DEMO.manager, { language: 'ar', area: 'manager' });
      await page.goto(`${url}/ar/manager/platform-setting/payment-gateway-packages`);
      await page.waitForSelector('[data-testid=list-empty]');
      await shot(page, 'gateway-packages-empty-ar-phone');
      await page.goto(`${url}/ar/manager/platform-setting/payment-gateway-packages/create`);
      await page.waitForSelector('input[name=name_en]');
      // an amount that is not one is refused on its field, nothing saved
      await page.fill('input[name=name_en]', 'Premium');
      await page.fill('input[name=name_ar]', 'الباقة المميزة');
      await page.fill('input[name=monthly_fee_fils]', '99');
      await page.fill('input[name=transaction_fee_fils]', 'abc');
      await page.click('button[type=submit]');
      await page.waitForSelector('.MuiFormHelperText-root.Mui-error');
      await shot(page, 'gateway-packages-refused-ar-phone');
      // the platform's usual 1 AED, so the flows that follow see the fee they expect
      await page.fill('input[name=transaction_fee_fils]', '1.00');
      await page.click('button[type=submit]');
      await page.waitForURL(/\/payment-gateway-packages$/);
      await page.waitForSelector('text=الباقة المميزة');
      expect(await page.textContent('body')).toContain('معروضة');
      await shot(page, 'gateway-packages-list-ar-phone');

      const desk = await tab('en');
      await desk.page.setViewportSize(DESKTOP);
      await signIn(desk.page, url, DEMO.manager, { area: 'manager' });
      await desk.page.goto(`${url}/en/manager/addon-services/global-aliases`);
      await desk.page.waitForSelector('[data-testid=package-demosalon]');
      const saving = desk.page.waitForResponse(
        (r) => r.url().includes('/online-services') && r.request().method() === 'PUT',
      );
      await desk.page.click('[data-testid=package-demosalon] >> xpath=..');
      await desk.page.click('li[role=option]:has-text("Premium")');
      expect((await saving).status()).toBe(200);
      await desk.page.waitForSelector('text=Saved');
      await shot(desk.page, 'gateway-packages-salon-en-desktop');
      await desk.page.goto(`${url}/en/manager/platform-setting/payment-gateway-packages`);
      await desk.page.waitForSelector('.RaDataTable-tbody tr:has-text("Premium")');
      expect(await desk.page.textContent('.RaDataTable-tbody tr:has-text("Premium")')).toContain('AED');
      await shot(desk.page, 'gateway-packages-list-en-desktop');
      // and back on the platform's default fee
      await desk.page.goto(`${url}/en/manager/addon-services/global-aliases`);
      const chosenPackage = () =>
        desk.page.$eval('[data-testid=package-demosalon]', (el) => (el as HTMLInputElement).value);
      await desk.page.waitForSelector('[data-testid=package-demosalon]');
      expect(await chosenPackage()).not.toBe('');
      const resetting = desk.page.waitForResponse(
        (r) => r.url().includes('/online-services') && r.request().method() === 'PUT',
      );
      await desk.page.click('[data-testid=package-demosalon] >> xpath=..');
      await desk.page.click('li[role=option]:has-text("Platform default fee")');
      const reset = await resetting;
      expect([reset.status(), reset.request().postDataJSON()]).toEqual([
        200,
        { payment_gateway_package_id: null },
      ]);
      await desk.page.waitForSelector('text=Saved');
      await desk.page.waitForFunction(
        () => (document.querySelector('[data-testid=package-demosalon]') as HTMLInputElement)?.value === '',
      );
      await shot(desk.page, 'gateway-packages-default-en-desktop');

      // the same choice and its way back on the manager's phone, in Arabic (signed in again there: the
      // desktop's sign-in ended that session)
      await signIn(page, url, DEMO.manager, { language: 'ar', area: 'manager' });
      await page.goto(`${url}/ar/manager/addon-services/global-aliases`);
      await page.waitForSelector('[data-testid=package-demosalon]');
      const onPhone = () =>
        page.$eval('[data-testid=package-demosalon]', (el) => (el as HTMLInputElement).value);
      expect(await onPhone()).toBe('');
      const choosing = page.waitForResponse(
        (r) => r.url().includes('/online-services') && r.request().method() === 'PUT',
      );
      await page.click('[data-testid=package-demosalon] >> xpath=..');
      await page.click('li[role=option]:has-text("الباقة المميزة")');
      expect((await choosing).status()).toBe(200);
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=package-demosalon]') as HTMLInputElement)?.value !== '',
      );
      await noSideScroll(page);
      await shot(page, 'gateway-packages-salon-ar-phone');
      const backToDefault = page.waitForResponse(
        (r) => r.url().includes('/online-services') && r.request().method() === 'PUT',
      );
      await page.click('[data-testid=package-demosalon] >> xpath=..');
      await page.click('li[role=option]:has-text("رسم المنصة الافتراضي")');
      const back = await backToDefault;
      expect([back.status(), back.request().postDataJSON()]).toEqual([
        200,
        { payment_gateway_package_id: null },
      ]);
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=package-demosalon]') as HTMLInputElement)?.value === '',
      );
      await shot(page, 'gateway-packages-default-ar-phone');
    });
  });
};
