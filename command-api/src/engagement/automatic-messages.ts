import {
  addDays,
  birthdayPurpose,
  isBirthdayOn,
  AUTOMATIC_MESSAGE_RULES,
  customerMessageTexts,
  fillText,
  messageTextField,
  SALON_TEXT_TEMPLATE,
  type AutomaticMessage,
  type MessageContent,
  type MessagePlaceholder,
} from '@rawnaq/contracts';

/**
 * The automatic messages' rules, pure (issue 26): which purpose each is sent once for, whether its
 * switch is on, its text in a language (the salon's own or the default), and who is due a birthday
 * wish or a wallet reminder on a day.
 */

/** Each purpose is one message, whatever repeats it (see `messageIdOf`). */
export const purposes = {
  bookingConfirmation: (appointmentId: string) => `booking-confirmation:${appointmentId}`,
  thankYou: (invoiceId: string) => `thank-you:${invoiceId}`,
  survey: (invoiceId: string) => `survey:${invoiceId}`,
  /** one wish a year: her birthday of that year */
  birthday: birthdayPurpose,
  /** one reminder a month ('YYYY-MM' on the salon's calendar) */
  walletReminder: (customerId: string, month: string) => `wallet-reminder:${customerId}:${month}`,
  giftCardReceived: (code: string) => `gift-card-received:${code}`,
  noShowFollowUp: (appointmentId: string) => `no-show-follow-up:${appointmentId}`,
} as const;

/** Whether a message's switch is on in Settings → Notifications (its default until the salon saves one). */
export const switchedOn = (notifications: Record<string, unknown>, message: AutomaticMessage): boolean => {
  const rule = AUTOMATIC_MESSAGE_RULES[message];
  const value = notifications[rule.setting];
  return typeof value === 'boolean' ? value : rule.on;
};

/**
 * A message's content in a language: the salon's own text when it wrote one (sent with the one-parameter
 * template that carries a whole text), else the default (its own template, its placeholders in order).
 */
export const messageContent = (
  message: AutomaticMessage,
  language: 'en' | 'ar',
  values: Partial<Record<MessagePlaceholder, string>>,
  notifications: Record<string, unknown>,
): MessageContent => {
  const own = notifications[messageTextField(message, language)];
  const params = values as Record<string, string>;
  if (typeof own === 'string' && own.trim()) {
    const text = fillText(own, params);
    return { template: { name: SALON_TEXT_TEMPLATE, params: [text] }, text };
  }
  const defaults = customerMessageTexts[message];
  return {
    template: {
      name: defaults.template,
      params: AUTOMATIC_MESSAGE_RULES[message].placeholders.map((p) => params[p] ?? ''),
    },
    text: fillText(defaults[language], params),
  };
};

/** The days from `today` on, `days` of them: the birthdays list's range. */
export const daysFrom = (today: string, days: number): string[] =>
  Array.from({ length: days }, (_, i) => addDays(today, i));

/**
 * The customers due a birthday wish on `today` (the salon's date): her birthday is today, she has not
 * been sent this year's (`sent`: the purposes already queued). Disabled or merged customers get none.
 */
export const birthdaysDue = <
  C extends { id: string; birth_date?: unknown; status?: unknown; merged_into?: unknown },
>(
  customers: readonly C[],
  today: string,
  sent: (purpose: string) => boolean,
): C[] =>
  customers.filter(
    (c) =>
      c.status !== 0 &&
      !c.merged_into &&
      isBirthdayOn(c.birth_date, today) &&
      !sent(purposes.birthday(c.id, today.slice(0, 4))),
  );

/**
 * The wallet reminder's rule: once a month, in the month's first week on the salon's calendar (the
 * 1st, or the first day the worker runs up to the 7th after an outage or a switch turned on), to each
 * customer whose wallet then holds more than zero. Later in the month nothing is sent: a customer who
 * has just been given change on her wallet is not reminded of it the same day.
 */
export const WALLET_REMINDER_DAYS = 7;
export const walletReminderMonth = (today: string): string | undefined =>
  Number(today.slice(8, 10)) <= WALLET_REMINDER_DAYS ? today.slice(0, 7) : undefined;
