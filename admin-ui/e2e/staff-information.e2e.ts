/**
 * Employees' information (`employees/employees-information`, issue 24): the staff's passports and
 * residencies with what to renew first, on a phone in Arabic and on a desktop in English. The demo's
 * stylists have one residency due within the month and one passport expired.
 */
import { daysBetween, type BusinessDate } from '@rawnaq/contracts';
import { DEMO, noSideScroll, ownerApi, shot, signIn } from './browser';
import type { SuiteContext } from './menu.e2e';

const owner = { accountId: DEMO.accountId, username: DEMO.owner.username, password: DEMO.owner.password };

/** Days from the salon's today to each stylist's paper, as the demo wrote them (read before signing in). */
const papers = async (url: string) => {
  const api = await ownerApi(url);
  const info = await api<{ global_informations: { today: BusinessDate } }>('POST', 'get_global_informations');
  const today = info.body.global_informations.today;
  const { body } = await api<
    Array<{ name_en: string; passport_expiry?: BusinessDate; residency_expiry?: BusinessDate }>
  >('GET', 'employees');
  const reem = body.find((e) => e.name_en === 'Reem Abdullah')!;
  const noura = body.find((e) => e.name_en === 'Noura Al-Qahtani')!;
  return {
    expired: daysBetween(reem.passport_expiry!, today),
    expiring: daysBetween(today, noura.residency_expiry!),
  };
};

export const staffInformationTests = ({ url, tab }: SuiteContext) => {
  describe("employees' information", () => {
    it('puts the papers to renew first, on a phone in Arabic', async () => {
      const days = await papers(url);
      expect(days.expired).toBeGreaterThan(2);
      expect(days.expiring).toBeGreaterThan(10);
      const { page } = await tab('ar');
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, url, owner, { language: 'ar' });
      await page.goto(`${url}/ar/merchant/employees/employees-information`);
      await page.waitForSelector('[data-testid=employees-information] li');
      expect(await page.title()).toBe('بيانات الموظفين · رونق');
      const rows = await page.$$eval('[data-testid=employees-information] li', (items) =>
        items.map((li) => (li as HTMLElement).innerText),
      );
      // Reem's passport ran out six days ago; Noura's residency ends in 24 days; the others have none
      expect(rows[0]).toContain('ريم عبدالله');
      expect(rows[0]).toContain(`انتهت منذ ${days.expired} ${days.expired <= 10 ? 'أيام' : 'يومًا'}`);
      expect(rows[1]).toContain('نورة القحطاني');
      expect(rows[1]).toContain(`تنتهي بعد ${days.expiring} ${days.expiring <= 10 ? 'أيام' : 'يومًا'}`);
      expect(rows.slice(2).join(' ')).toContain('غير مسجّل');
      await expect(page.textContent('[data-testid=documents-summary]')).resolves.toContain(
        'وثيقة واحدة منتهية',
      );
      await page.click('[data-testid=show-attention]');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=employees-information] li').length === 2,
      );
      await noSideScroll(page);
      await shot(page, 'employees-information-ar-phone');
    });

    it('opens an employee from it on a desktop in English', async () => {
      const days = await papers(url);
      const { page } = await tab('en');
      await signIn(page, url, owner);
      await page.goto(`${url}/en/merchant/employees/employees-information`);
      await page.waitForSelector('[data-testid=document-expired]');
      const first = page.locator('[data-testid=employees-information] tbody tr').first();
      await expect(first.innerText()).resolves.toMatch(
        new RegExp(`Reem Abdullah[\\s\\S]*Expired ${days.expired} days ago`),
      );
      expect(await page.textContent('[data-testid=documents-summary]')).toContain(
        '1 to renew in the next 60 days',
      );
      await shot(page, 'employees-information-en-desktop');
      await first.click();
      await page.waitForURL(/\/en\/merchant\/employees\/employees\/[^/]+$/);
      await page.waitForSelector('input[name=name_en]');
      expect(await page.inputValue('input[name=name_en]')).toBe('Reem Abdullah');
    });
  });
};
