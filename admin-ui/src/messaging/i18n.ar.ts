/** WhatsApp messages and the simulator in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
/** Polyglot's six Arabic forms; the page's name is the same in each. */
const same = (what: string) => Array(6).fill(what).join(' |||| ');

export const ar = {
  resources: {
    'setting/whatsapp-simulator': { name: same('محاكي واتساب') },
    settings: {
      fields: {
        after_attempt: 'بعد المحاولة',
        send_from: 'من',
        send_until: 'إلى',
        mute_friday_prayer: 'لا رسائل وقت صلاة الجمعة (11:30 إلى 13:30)',
      },
    },
  },
  app: {
    audit: {
      entity_fields: { message: { purpose: 'الغرض' } },
      fields: {
        detail: 'التفاصيل',
        until: 'حتى',
        why: 'سبب الانتظار',
        at: 'الوقت',
        language: 'اللغة',
        scheduled_for: 'موعد الإرسال',
        provider: 'أُرسلت عبر',
        provider_message_id: 'معرّف رسالة واتساب',
        recovered: 'عُرفت من واتساب بعد انقطاع',
        allowed: 'السماح بالتواصل عبر واتساب',
        how: 'الطريقة',
        received_at: 'وقت الاستلام',
        text: 'النص',
      },
      types: {
        MessageQueued: 'رسالة واتساب في الانتظار',
        MessageDeferred: 'رسالة واتساب بانتظار فترة الإرسال',
        MessageSendStarted: 'رسالة واتساب قيد الإرسال',
        MessageSent: 'أُرسلت رسالة واتساب',
        MessageDelivered: 'وصلت رسالة واتساب',
        MessageRead: 'قُرئت رسالة واتساب',
        MessageAttemptFailed: 'تعذّر إرسال رسالة واتساب، وستُعاد المحاولة',
        MessageRetried: 'أُعيد إرسال رسالة واتساب',
        MessageFailed: 'فشلت رسالة واتساب',
        MessageWithheld: 'لم تُرسل رسالة واتساب',
        WhatsAppReplyReceived: 'رد من عميل عبر واتساب',
        WhatsAppConsentChanged: 'تغيّر السماح بالتواصل عبر واتساب',
      },
      entities: {
        message: 'رسالة واتساب',
        whatsappinbox: 'ردود واتساب',
      },
    },
    messaging: {
      title: 'رسائل واتساب',
      none: 'لا توجد رسائل واتساب بعد.',
      send_again: 'أرسلها مرة أخرى',
      tab: 'الرسائل',
      replied: 'رد',
      simulator: {
        menu: 'محاكي واتساب',
        hint: 'يرسل الصالون رسائل واتساب إلى هذا المحاكي إلى أن يربط رقمه في واتساب للأعمال. افتح هاتفًا لقراءة رسائله أو الرد أو طلب الإيقاف أو جعل الرقم يفشل.',
        empty: 'لم تُرسل أي رسالة بعد: أرسل تذكيرًا من دفتر المواعيد إلى عميل يسمح بواتساب.',
        phone: 'الهاتف',
        customer: 'العميل',
        last: 'آخر رسالة',
        unknown_customer: 'ليس عميلًا',
        reply: 'الرد باسم العميل',
        send: 'إرسال',
        reply_stop: 'الرد بطلب الإيقاف',
        read: 'قراءة الرسائل',
        failing: 'هذا الرقم يفشل',
        failing_chip: 'يفشل',
        stopped: 'أوقف الرسائل',
      },
    },
    settings: {
      notifications_window: {
        title: 'أوقات الإرسال',
        hint: 'تُرسل رسائل واتساب داخل هذه الفترة فقط، بين 09:00 و23:00 على الأكثر؛ وما يقع خارجها ينتظر الفترة التالية.',
      },
    },
  },
};
