import { birthdayIn, isBirthdayOn, nextBirthday, unknownPlaceholders } from '@rawnaq/contracts';
import {
  birthdaysDue,
  messageContent,
  purposes,
  switchedOn,
  walletReminderMonth,
} from './automatic-messages';

describe('automatic messages: the pure rules (issue 26)', () => {
  describe('birthdays on the salon’s calendar', () => {
    it('given a birth date, a birthday is the same month and day; a 29 February one on the 28th in other years', () => {
      expect(isBirthdayOn('1990-06-15', '2026-06-15')).toBe(true);
      expect(isBirthdayOn('1990-06-15', '2026-06-16')).toBe(false);
      expect(isBirthdayOn('1992-02-29', '2026-02-28')).toBe(true);
      expect(isBirthdayOn('1992-02-29', '2028-02-28')).toBe(false);
      expect(isBirthdayOn('1992-02-29', '2028-02-29')).toBe(true);
      expect(isBirthdayOn(undefined, '2026-06-15')).toBe(false);
      expect(birthdayIn('1990-13', 2026)).toBeUndefined();
    });

    it('when the year is ending, her next birthday is next year’s', () => {
      expect(nextBirthday('1990-01-02', '2026-12-30')).toBe('2027-01-02');
      expect(nextBirthday('1990-12-30', '2026-12-30')).toBe('2026-12-30');
    });

    it('given the customers, when the worker plans today, then only today’s birthdays not yet wished, active and unmerged', () => {
      const customers = [
        { id: 'a', birth_date: '1990-06-15', status: 1 },
        { id: 'b', birth_date: '1985-06-15', status: 0 },
        { id: 'c', birth_date: '1985-06-15', status: 1, merged_into: 'a' },
        { id: 'd', birth_date: '1999-06-16', status: 1 },
        { id: 'e', birth_date: '2001-06-15', status: 1 },
      ];
      const sent = new Set([purposes.birthday('e', '2026')]);
      expect(birthdaysDue(customers, '2026-06-15', (p) => sent.has(p)).map((c) => c.id)).toEqual(['a']);
      // next year, e's wish is another one
      expect(birthdaysDue(customers, '2027-06-15', (p) => sent.has(p)).map((c) => c.id)).toEqual(['a', 'e']);
    });
  });

  it('reminds of the wallet in the month’s first week only, one purpose a month', () => {
    expect(walletReminderMonth('2026-07-01')).toBe('2026-07');
    expect(walletReminderMonth('2026-07-07')).toBe('2026-07');
    expect(walletReminderMonth('2026-07-08')).toBeUndefined();
    expect(purposes.walletReminder('c', '2026-07')).not.toBe(purposes.walletReminder('c', '2026-08'));
  });

  it('reads each switch with its default until the salon saves one', () => {
    expect(switchedOn({}, 'booking_confirmation')).toBe(true);
    expect(switchedOn({}, 'no_show_follow_up')).toBe(false);
    expect(switchedOn({ thank_you_after_invoice: false }, 'thank_you')).toBe(false);
    expect(switchedOn({ birthday_greetings: true }, 'birthday')).toBe(true);
  });

  describe('texts and placeholders', () => {
    it('finds the placeholders a message does not have', () => {
      expect(unknownPlaceholders('Happy birthday %{name} from %{salon}', 'birthday')).toEqual([]);
      expect(unknownPlaceholders('Happy birthday %{name}: %{link} %{nmae} %{link}', 'birthday')).toEqual([
        'link',
        'nmae',
      ]);
      expect(unknownPlaceholders('%{}', 'thank_you')).toEqual(['']);
      expect(unknownPlaceholders('Balance %{balance}', 'wallet_reminder')).toEqual([]);
    });

    it('given no text of its own, the default with its template’s parameters in order', () => {
      const content = messageContent('thank_you', 'en', { name: 'Lama', salon: 'Demo Salon', link: 'L' }, {});
      expect(content.template).toEqual({ name: 'thank_you', params: ['Lama', 'Demo Salon', 'L'] });
      expect(content.text).toBe('Thank you for your visit to Demo Salon, Lama! Your invoice: L');
    });

    it('given the salon’s own text in her language, that text with the one-parameter template', () => {
      const own = { text_birthday_ar: 'عيد سعيد يا %{name}' };
      const ar = messageContent('birthday', 'ar', { name: 'أمل', salon: 'س' }, own);
      expect(ar).toEqual({
        template: { name: 'salon_text', params: ['عيد سعيد يا أمل'] },
        text: 'عيد سعيد يا أمل',
      });
      // the other language keeps the default
      expect(messageContent('birthday', 'en', { name: 'Amal', salon: 'S' }, own).template.name).toBe(
        'birthday',
      );
    });
  });
});
