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
      verify_token_refused: 'The verify token does not match',
      unknown_phone: 'No simulated phone has this number',
      reminder_queued: 'The reminder is on its way on WhatsApp',
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
      reasons: {
        provider_unavailable: 'WhatsApp could not be reached',
        number_unreachable: 'This number cannot receive WhatsApp messages',
        refused: 'WhatsApp refused the message',
        outcome_unknown: 'Interrupted while sending: not sent again, to avoid a duplicate',
        delivery_failed: 'WhatsApp could not deliver it',
        no_consent: 'WhatsApp contact not allowed',
        no_phone: 'No mobile number',
        no_longer_relevant: 'No longer relevant (the visit changed)',
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
      verify_token_refused: 'رمز التحقق غير مطابق',
      unknown_phone: 'لا يوجد هاتف تجريبي بهذا الرقم',
      reminder_queued: 'التذكير في طريقه عبر واتساب',
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
      reasons: {
        provider_unavailable: 'تعذّر الوصول إلى واتساب',
        number_unreachable: 'هذا الرقم لا يستقبل رسائل واتساب',
        refused: 'رفض واتساب الرسالة',
        outcome_unknown: 'انقطع الإرسال: لم تُرسل مرة أخرى تجنبًا للتكرار',
        delivery_failed: 'تعذّر على واتساب إيصالها',
        no_consent: 'التواصل عبر واتساب غير مسموح',
        no_phone: 'لا يوجد رقم جوال',
        no_longer_relevant: 'لم تعد لازمة (تغيّر الموعد)',
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

/**
 * What customers read (not in the catalogue of the screens: the Arabic names the English reply
 * words). `%{...}` are filled in when the message is queued.
 */
export const customerMessageTexts = {
  appointment_reminder: {
    template: 'appointment_reminder',
    en: 'Hello %{name}, this is a reminder of your visit to %{salon} on %{date} at %{time}. Reply STOP to stop these messages.',
    ar: 'مرحبًا %{name}، نذكّرك بموعدك في %{salon} يوم %{date} الساعة %{time}. أرسل STOP أو "إيقاف" لإيقاف هذه الرسائل.',
  },
} as const;

/** A text with its %{placeholders} filled in, in the order the template's parameters are given. */
export const fillText = (text: string, params: Record<string, string>): string =>
  text.replace(/%\{(\w+)\}/g, (m, name: string) => params[name] ?? m);
