/** Messaging's errors and labels (keys `messaging.*`), in both languages. */
export const messagingMessages = {
  en: {
    messaging: {
      not_allowed: 'This customer has not allowed WhatsApp messages, so nothing was sent',
      no_phone: 'This customer has no mobile number to message',
      visit_started: 'This visit has already started: no reminder was sent',
      not_failed: 'Only a failed message can be sent again',
      may_have_arrived:
        'This message may have reached the customer before the interruption: it is not sent again, to avoid a duplicate',
      retried: 'The message is on its way again',
      window_outside_limits: 'Messages are sent between 09:00 and 23:00 at most',
      window_empty: 'The end of the sending window must be after its start',
      signature_refused: 'This is not a genuine WhatsApp webhook',
      not_instance_connected: 'This salon is not connected to WhatsApp through an instance gateway',
      verify_token_refused: 'The verify token does not match',
      unknown_phone: 'No simulated phone has this number',
      reminder_queued: 'The reminder is on its way on WhatsApp',
      unknown_placeholder: 'Unknown placeholder %{placeholder}: this message can use %{allowed}',
      wish_queued: 'The birthday wish is on its way on WhatsApp',
      switched_off: 'This message is switched off in Settings → Notifications',
      statuses: {
        queued: 'Queued',
        sending: 'Sending',
        sent: 'Sent',
        delivered: 'Delivered',
        read: 'Read',
        failed: 'Failed',
        withheld: 'Not sent',
      },
      kinds: { service: 'Service message', marketing: 'Marketing message' },
      automatic: {
        booking_confirmation: 'Booking confirmation',
        appointment_reminder: 'Appointment reminder',
        thank_you: 'Thank you after checkout',
        survey: 'Survey after checkout',
        birthday: 'Birthday wishes',
        wallet_reminder: 'Wallet balance reminder',
        gift_card_received: 'Gift card received',
        no_show_follow_up: 'No-show follow-up',
      },
      reasons: {
        provider_unavailable: 'WhatsApp could not be reached',
        number_unreachable: 'This number cannot receive WhatsApp messages',
        refused: 'WhatsApp refused the message',
        outcome_unknown: 'Interrupted while sending: not sent again, to avoid a duplicate',
        delivery_failed: 'WhatsApp could not deliver it',
        no_consent: 'WhatsApp contact not allowed',
        no_phone: 'No mobile number',
        no_longer_relevant: 'No longer relevant (its time passed, or the visit changed)',
        allowance_used_up: 'The salon’s WhatsApp messages of the month are used up',
        package_paused: 'The salon’s WhatsApp package is paused',
      },
      consent: {
        stop_reply: 'Replied STOP',
        start_reply: 'Replied START',
        staff: 'Changed by the salon',
        customer: 'Changed by the customer',
      },
      deferred: {
        outside_window: 'Waiting for the sending window',
        prayer_time: 'Waiting until after Friday prayer',
      },
    },
  },
  ar: {
    messaging: {
      not_allowed: 'لم يسمح هذا العميل برسائل واتساب، فلم يُرسل شيء',
      no_phone: 'لا يوجد رقم جوال لهذا العميل',
      visit_started: 'بدأ هذا الموعد بالفعل: لم يُرسل تذكير',
      not_failed: 'لا تُعاد إلا الرسالة التي فشلت',
      may_have_arrived: 'ربما وصلت هذه الرسالة إلى العميل قبل الانقطاع: لن تُرسل مرة أخرى تجنبًا للتكرار',
      retried: 'الرسالة في طريقها مرة أخرى',
      window_outside_limits: 'تُرسل الرسائل بين الساعة 09:00 و23:00 على الأكثر',
      window_empty: 'يجب أن تكون نهاية فترة الإرسال بعد بدايتها',
      signature_refused: 'هذا ليس إشعارًا حقيقيًا من واتساب',
      not_instance_connected: 'هذا الصالون غير متصل بواتساب عبر بوابة مثيل',
      verify_token_refused: 'رمز التحقق غير مطابق',
      unknown_phone: 'لا يوجد هاتف تجريبي بهذا الرقم',
      reminder_queued: 'التذكير في طريقه عبر واتساب',
      unknown_placeholder: 'عنصر غير معروف %{placeholder}: يمكن لهذه الرسالة أن تستخدم %{allowed}',
      wish_queued: 'تهنئة عيد الميلاد في طريقها عبر واتساب',
      switched_off: 'هذه الرسالة متوقفة في الإعدادات ← الإشعارات',
      statuses: {
        queued: 'في الانتظار',
        sending: 'جارٍ الإرسال',
        sent: 'أُرسلت',
        delivered: 'وصلت',
        read: 'قُرئت',
        failed: 'فشلت',
        withheld: 'لم تُرسل',
      },
      kinds: { service: 'رسالة خدمة', marketing: 'رسالة تسويقية' },
      automatic: {
        booking_confirmation: 'تأكيد الحجز',
        appointment_reminder: 'تذكير بالموعد',
        thank_you: 'شكر بعد الدفع',
        survey: 'استبيان بعد الدفع',
        birthday: 'تهنئة عيد الميلاد',
        wallet_reminder: 'تذكير برصيد المحفظة',
        gift_card_received: 'استلام بطاقة هدية',
        no_show_follow_up: 'متابعة عدم الحضور',
      },
      reasons: {
        provider_unavailable: 'تعذّر الوصول إلى واتساب',
        number_unreachable: 'هذا الرقم لا يستقبل رسائل واتساب',
        refused: 'رفض واتساب الرسالة',
        outcome_unknown: 'انقطع الإرسال: لم تُرسل مرة أخرى تجنبًا للتكرار',
        delivery_failed: 'تعذّر على واتساب إيصالها',
        no_consent: 'التواصل عبر واتساب غير مسموح',
        no_phone: 'لا يوجد رقم جوال',
        no_longer_relevant: 'لم تعد لازمة (فات وقتها أو تغيّر الموعد)',
        allowance_used_up: 'نفدت رسائل واتساب الشهرية للصالون',
        package_paused: 'باقة واتساب للصالون متوقفة',
      },
      consent: {
        stop_reply: 'ردّ بطلب الإيقاف',
        start_reply: 'ردّ بطلب الاستئناف',
        staff: 'غيّره الصالون',
        customer: 'غيّره العميل',
      },
      deferred: {
        outside_window: 'بانتظار فترة الإرسال',
        prayer_time: 'بانتظار انتهاء صلاة الجمعة',
      },
    },
  },
};

/** The messages the product sends by itself (Settings → Notifications), each behind its switch. */
export const AUTOMATIC_MESSAGES = [
  'booking_confirmation',
  'appointment_reminder',
  'thank_you',
  'survey',
  'birthday',
  'wallet_reminder',
  'gift_card_received',
  'no_show_follow_up',
] as const;
export type AutomaticMessage = (typeof AUTOMATIC_MESSAGES)[number];

/** What a message's text may name, filled in when it is queued. */
export const MESSAGE_PLACEHOLDERS = ['name', 'salon', 'date', 'time', 'link', 'balance', 'amount'] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

type Rule = {
  /** its switch in Settings → Notifications, and whether it is on until the salon says otherwise */
  setting: string;
  on: boolean;
  /**
   * Service: about something she did (a visit booked, missed or paid, a card given to her). Marketing:
   * what the salon starts to bring her back — a birthday wish (WhatsApp's own categories count a
   * greeting as marketing) and the wallet's balance (a nudge to spend it, not a transaction's receipt).
   * Consent is needed for both alike (consent.ts).
   */
  kind: 'service' | 'marketing';
  /** the placeholders its text may use, in the order the WhatsApp template takes its parameters */
  placeholders: readonly MessagePlaceholder[];
};

export const AUTOMATIC_MESSAGE_RULES: Record<AutomaticMessage, Rule> = {
  booking_confirmation: {
    setting: 'booking_confirmation',
    on: true,
    kind: 'service',
    placeholders: ['name', 'salon', 'date', 'time', 'link'],
  },
  appointment_reminder: {
    setting: 'appointment_reminder',
    on: true,
    kind: 'service',
    placeholders: ['name', 'salon', 'date', 'time'],
  },
  thank_you: {
    setting: 'thank_you_after_invoice',
    on: true,
    kind: 'service',
    placeholders: ['name', 'salon', 'link'],
  },
  survey: {
    setting: 'survey_after_invoice',
    on: false,
    kind: 'service',
    placeholders: ['name', 'salon', 'link'],
  },
  birthday: { setting: 'birthday_greetings', on: false, kind: 'marketing', placeholders: ['name', 'salon'] },
  wallet_reminder: {
    setting: 'wallet_reminder',
    on: false,
    kind: 'marketing',
    placeholders: ['name', 'salon', 'balance'],
  },
  gift_card_received: {
    setting: 'gift_card_received',
    on: true,
    kind: 'service',
    placeholders: ['name', 'salon', 'amount', 'link'],
  },
  no_show_follow_up: {
    setting: 'no_show_follow_up',
    on: false,
    kind: 'service',
    placeholders: ['name', 'salon', 'date', 'link'],
  },
};

/**
 * What customers read by default (not in the catalogue of the screens: the Arabic names the English
 * reply words). `%{...}` are filled in when the message is queued; the salon may write its own
 * (Settings → Notifications, `messageTextField`). The key is also the WhatsApp template's name.
 */
export const customerMessageTexts: Record<AutomaticMessage, { template: string; en: string; ar: string }> = {
  booking_confirmation: {
    template: 'booking_confirmation',
    en: 'Hello %{name}, your visit to %{salon} on %{date} at %{time} is booked. Your booking: %{link}',
    ar: 'مرحبًا %{name}، تم حجز موعدك في %{salon} يوم %{date} الساعة %{time}. تفاصيل حجزك: %{link}',
  },
  appointment_reminder: {
    template: 'appointment_reminder',
    en: 'Hello %{name}, this is a reminder of your visit to %{salon} on %{date} at %{time}. Reply STOP to stop these messages.',
    ar: 'مرحبًا %{name}، نذكّرك بموعدك في %{salon} يوم %{date} الساعة %{time}. أرسل STOP أو "إيقاف" لإيقاف هذه الرسائل.',
  },
  thank_you: {
    template: 'thank_you',
    en: 'Thank you for your visit to %{salon}, %{name}! Your invoice: %{link}',
    ar: 'شكرًا لزيارتك %{salon} يا %{name}! فاتورتك: %{link}',
  },
  survey: {
    template: 'survey',
    en: 'Hello %{name}, how was your visit to %{salon}? Rate it in one tap: %{link}',
    ar: 'مرحبًا %{name}، كيف كانت زيارتك إلى %{salon}؟ قيّميها بلمسة: %{link}',
  },
  birthday: {
    template: 'birthday',
    en: 'Happy birthday, %{name}! Wishing you a wonderful year from all of us at %{salon}.',
    ar: 'كل عام وأنتِ بخير يا %{name}! أطيب التمنيات بعام سعيد من فريق %{salon}.',
  },
  wallet_reminder: {
    template: 'wallet_reminder',
    en: 'Hello %{name}, you have %{balance} in your wallet at %{salon}. We look forward to seeing you!',
    ar: 'مرحبًا %{name}، لديكِ %{balance} في محفظتك لدى %{salon}. نتطلع لرؤيتك!',
  },
  gift_card_received: {
    template: 'gift_card_received',
    en: 'Hello %{name}, you have received a gift card of %{amount} at %{salon}! Your card: %{link}',
    ar: 'مرحبًا %{name}، وصلتكِ بطاقة هدية بقيمة %{amount} من %{salon}! بطاقتك: %{link}',
  },
  no_show_follow_up: {
    template: 'no_show_follow_up',
    en: 'Hello %{name}, we missed you at %{salon} on %{date}. Book another visit when it suits you: %{link}',
    ar: 'مرحبًا %{name}، افتقدناكِ في %{salon} يوم %{date}. احجزي موعدًا آخر متى ناسبك: %{link}',
  },
};

/**
 * The WhatsApp template a text the salon wrote itself goes out with: one parameter, the whole text
 * (on the Cloud API the salon's number needs it approved, as it needs the others).
 */
export const SALON_TEXT_TEMPLATE = 'salon_text';

/** Every template's text as a phone shows it (the simulator renders what it is sent from these). */
export const messageTemplateTexts: Record<string, { en: string; ar: string }> = {
  ...customerMessageTexts,
  [SALON_TEXT_TEMPLATE]: { en: '%{text}', ar: '%{text}' },
  salon_campaign: { en: '%{text}', ar: '%{text}' },
};

/** The Settings → Notifications field of a message's own text in a language. */
export const messageTextField = (message: AutomaticMessage, language: 'en' | 'ar') =>
  `text_${message}_${language}`;

/** The placeholders a text names that its message does not have (`%{nmae}`, `%{link}` in a birthday wish). */
export const unknownPlaceholders = (text: string, message: AutomaticMessage): string[] => {
  const allowed: readonly string[] = AUTOMATIC_MESSAGE_RULES[message].placeholders;
  const found = [...text.matchAll(/%\{([^}]*)\}/g)].map((m) => m[1]);
  return [...new Set(found.filter((name) => !allowed.includes(name)))];
};

/** A text with its %{placeholders} filled in, in the order the template's parameters are given. */
export const fillText = (text: string, params: Record<string, string>): string =>
  text.replace(/%\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
