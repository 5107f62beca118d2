/** The simulator's page is a settings screen; its API lists the salon's simulated phones. */
export const WHATSAPP_SIMULATOR = 'setting/whatsapp-simulator';
export const MESSAGING_API_PATHS: Record<string, string> = {
  [WHATSAPP_SIMULATOR]: 'whatsapp-simulator/phones',
};

export type MessageStatus =
  'queued' | 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'withheld' | 'received';

/** A message of the outbox as a customer's profile and a visit's history show it. */
export type SentMessage = {
  id: string;
  direction: 'out' | 'in';
  status: MessageStatus;
  text: string;
  at: string;
  kind?: 'service' | 'marketing';
  language?: 'en' | 'ar';
  reason?: string;
  deferred?: string;
  next_attempt_at?: string;
};

export type SimulatedPhone = {
  id: string;
  phone: string;
  failing: boolean;
  messages: Array<{
    id: string;
    direction: 'out' | 'in';
    text: string;
    language: string;
    status: 'sent' | 'delivered' | 'read' | 'failed' | 'received';
    at: string;
    /** the file sent with it */
    media?: { name: string; content_type: string; size: number };
  }>;
  customers: Array<{
    id: string;
    name: string;
    preferred_language: string | null;
    whatsapp_allowed: boolean;
  }>;
};

/** What the desk is told after "remind": on its way, or why nothing was sent. */
export const reminderNotice = (reply: unknown): { key: string; type: 'success' | 'warning' } => {
  const reminder = (reply as { reminder?: { queued: boolean; reason?: string } } | undefined)?.reminder;
  if (!reminder || reminder.queued) return { key: 'messaging.reminder_queued', type: 'success' };
  return { key: reminder.reason ?? 'messaging.not_allowed', type: 'warning' };
};
