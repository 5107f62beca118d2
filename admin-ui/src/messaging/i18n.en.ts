/** WhatsApp messages and the simulator in English (merged into the catalogue by i18n/messages.en.ts). */
const same = (what: string) => `${what} |||| ${what}`;

export const en = {
  resources: {
    'setting/whatsapp-simulator': { name: same('WhatsApp simulator') },
    settings: {
      fields: {
        after_attempt: 'After attempt',
        send_from: 'From',
        send_until: 'Until',
        mute_friday_prayer: 'Nothing during Friday prayer (11:30 to 13:30)',
      },
    },
  },
  app: {
    audit: {
      entity_fields: { message: { purpose: 'For' } },
      fields: {
        detail: 'Details',
        until: 'Until',
        why: 'Why it waits',
        at: 'When',
        language: 'Language',
        scheduled_for: 'To send at',
        provider: 'Sent through',
        provider_message_id: 'WhatsApp message id',
        recovered: 'Known from WhatsApp after an interruption',
        allowed: 'WhatsApp contact allowed',
        how: 'How',
        received_at: 'Received at',
        text: 'Text',
      },
      types: {
        MessageQueued: 'WhatsApp message queued',
        MessageDeferred: 'WhatsApp message waiting for the sending window',
        MessageSendStarted: 'WhatsApp message being sent',
        MessageSent: 'WhatsApp message sent',
        MessageDelivered: 'WhatsApp message delivered',
        MessageRead: 'WhatsApp message read',
        MessageAttemptFailed: 'WhatsApp message not sent, tried again later',
        MessageRetried: 'WhatsApp message sent again',
        MessageFailed: 'WhatsApp message failed',
        MessageWithheld: 'WhatsApp message not sent',
        WhatsAppReplyReceived: 'WhatsApp reply from a customer',
        WhatsAppConsentChanged: 'WhatsApp contact allowed changed',
      },
      entities: {
        message: 'WhatsApp message',
        whatsappinbox: 'WhatsApp replies',
      },
    },
    messaging: {
      title: 'WhatsApp messages',
      none: 'No WhatsApp message yet.',
      send_again: 'Send again',
      tab: 'Messages',
      replied: 'Reply',
      simulator: {
        menu: 'WhatsApp simulator',
        hint: 'The salon sends its WhatsApp messages to this simulator until it connects its WhatsApp Business number. Open a phone to read its messages, reply, reply STOP, or make the number fail.',
        empty: 'No message sent yet: remind a customer who allows WhatsApp from the appointment book.',
        phone: 'Phone',
        customer: 'Customer',
        last: 'Last message',
        unknown_customer: 'Not a customer',
        reply: 'Reply as the customer',
        send: 'Send',
        reply_stop: 'Reply STOP',
        read: 'Read the messages',
        failing: 'This number fails',
        failing_chip: 'Fails',
        stopped: 'Stopped',
      },
    },
    settings: {
      notifications_window: {
        title: 'When messages are sent',
        hint: 'WhatsApp messages leave only inside this window, between 09:00 and 23:00 at most; what falls outside waits for the next one.',
      },
    },
  },
};
