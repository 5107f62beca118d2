/** WhatsApp messages and the simulator in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
/** Polyglot's six Arabic forms; the page's name is the same in each. */
const same = (what: string) => Array(6).fill(what).join(' |||| ');

export const ar = {
  resources: {
    'setting/whatsapp-simulator': { name: same('محاكي واتساب') },
    settings: {
      fields: {
        send_from: 'من',
        send_until: 'إلى',
        mute_friday_prayer: 'لا رسائل وقت صلاة الجمعة (11:30 إلى 13:30)',
      },
    },
  },
  app: {
    messaging: {
      title: 'رسائل واتساب',
      none: 'لا توجد رسائل واتساب بعد.',
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
