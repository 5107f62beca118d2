/**
 * A contract signed on a phone (issue 27): the platform's manager sends a new salon a contract in
 * Arabic (over the API: her screens are in the every-screen guard); its owner opens the mailed link on
 * a 390×844 phone, draws her signature on the pad with the pointer, ticks "I agree", signs, and sees it
 * signed with the download of its PDF; the manager's record says who signed.
 */
import { managerApi, noSideScroll, shot } from './browser';
import type { SuiteContext } from './menu.e2e';

export const contractsTests = ({ url, tab }: SuiteContext) => {
  describe('contracts (issue 27)', () => {
    it('the owner signs the contract from its link on a phone in Arabic, drawing her signature', async () => {
      const manager = await managerApi(url);
      // a salon of its own, whose owner's name is Arabic as she wrote it
      const run = String(Date.now()).slice(-6);
      const salon = await manager<{ account_id: number }>('POST', 'accounts', {
        name_en: `Sara Studio ${run}`,
        name_ar: 'استوديو سارة',
        alias: `sara${run}`,
        country_id: 1,
        salon_type: 1,
        max_employees: 3,
        owner_name: 'سارة العتيبي',
        owner_username: `sara${run}`,
        owner_email: `sara${run}@sara.example`,
        owner_password: 'Sara@12345',
      });
      const template = await manager<{ id: string }>('POST', 'contract-templates', {
        name: 'اشتراك سنوي',
        title_en: 'Rawnaq subscription',
        title_ar: 'عقد اشتراك رونق',
        text_en: '{salon_name} subscribes to the {plan} plan for {price}.',
        text_ar:
          'يشترك {salon_name} في الباقة {plan} بمبلغ {price} من {start_date} إلى {end_date}.\nتلتزم المالكة {owner_name} بشروط الاستخدام.',
      });
      const contract = await manager<{ id: string; link: string }>('POST', 'contracts', {
        account_id: salon.account_id,
        template_id: template.id,
        language: 'ar',
        plan: 'premium',
        price: '2400',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
      });
      await manager('GET', `contracts/${contract.id}`);

      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}${contract.link}`);
      await page.waitForSelector('[data-testid=contract-text]');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await page.textContent('[data-testid=contract-text]')).toContain('يشترك');
      await noSideScroll(page);

      // signing without a signature is refused on the page, naming what is missing
      await page.click('[data-testid=contract-sign]');
      await page.waitForSelector('text=ارسمي توقيعك قبل التوقيع');

      await page.fill('[data-testid=signer-name]', 'سارة العتيبي');
      await page.locator('[data-testid=signature-pad]').scrollIntoViewIfNeeded();
      const box = await page.locator('[data-testid=signature-pad]').boundingBox();
      if (!box) throw new Error('no signature pad');
      await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
      await page.mouse.down();
      for (let i = 1; i <= 12; i++)
        await page.mouse.move(
          box.x + 20 + i * ((box.width - 40) / 12),
          box.y + box.height * (0.5 + 0.3 * Math.sin(i / 1.5)),
          { steps: 2 },
        );
      await page.mouse.up();
      await page.check('[data-testid=contract-agree]');
      await shot(page, 'contract-sign-ar-phone');
      await page.click('[data-testid=contract-sign]');
      await page.waitForSelector('[data-testid=contract-signed]');
      expect(await page.textContent('[data-testid=contract-signed]')).toContain('سارة العتيبي');
      expect(await page.getAttribute('[data-testid=contract-download]', 'href')).toMatch(/\/pdf$/);
      await noSideScroll(page);
      await shot(page, 'contract-signed-ar-phone');

      const signed = await manager<{ state: string; signer_name: string }>('GET', `contracts/${contract.id}`);
      expect(signed).toMatchObject({ state: 'signed', signer_name: 'سارة العتيبي' });
    });
  });
};
