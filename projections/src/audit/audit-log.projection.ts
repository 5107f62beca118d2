import { auditCategoryOf, parseStreamName, SECRET_FIELDS } from '@rawnaq/contracts';
import type { Projection } from '../runner/projection';

/**
 * One entry per event of every tenant: who did what, to which record, when, and what changed.
 * The audit screen and each record's history tab read it; the event store stays the source.
 */
const BOOKKEEPING = new Set(['unique', 'sequence', 'employeeday', 'customerday']);

/**
 * Fields an entry leaves out: a signed document's XML, its QR and the certificates and keys of the
 * e-invoicing devices (kilobytes each, hidden on the screen anyway). The event keeps them: the chain
 * is verified from the event store, not from this log.
 */
const BULKY_FIELDS = new Set([
  'xml',
  'cleared_xml',
  'qr',
  'certificate_base64',
  'csr_base64',
  'public_key_pem',
  'token',
]);

export const auditLogProjection: Projection = {
  name: 'audit-log',
  // 2: each entry's category (security or records), for the list's filter
  // 3: the bulky e-invoicing fields (the signed XML, certificates) left in the event store
  // 4: a category with a dash (`gateway-payment`) is its entity type whole, no longer its first word
  version: 4,
  collections: [
    {
      name: 'audit_log',
      indexes: [
        { fields: ['tenantId', 'position'] },
        { fields: ['tenantId', 'entity_type', 'entity_id', 'position'] },
        { fields: ['tenantId', 'actor_id', 'position'] },
        { fields: ['tenantId', 'occurred_at'] },
        { fields: ['tenantId', 'category', 'position'] },
      ],
    },
  ],
  handles: 'all',
  project: (e) => {
    const stream = parseStreamName(e.stream);
    // stored command replies, uniqueness claims, numbers taken and the day books of the appointment
    // book are bookkeeping, not changes to the salon's records (the visit's own events tell the story)
    if (e.type === 'CommandAnswered' || BOOKKEEPING.has(stream?.category ?? '')) return [];
    // a queued mail may carry a password-reset link: the log says a mail went out, not what it said
    const data = redact(
      e.type === 'MailQueued'
        ? { ...(e.data as Record<string, unknown>), body: '••••' }
        : (e.data as Record<string, unknown>),
    );
    const changes =
      e.type.endsWith('Changed') && data.changed && typeof data.changed === 'object'
        ? {
            changed: redact(data.changed as Record<string, unknown>),
            previous: redact((data.previous ?? {}) as Record<string, unknown>),
          }
        : { changed: data, previous: {} };
    return [
      {
        kind: 'upsert',
        collection: 'audit_log',
        doc: {
          id: e.id,
          tenantId: e.metadata.tenantId,
          position: Number(e.position),
          type: e.type,
          category: auditCategoryOf(e.type),
          entity_type: stream?.category ?? e.stream,
          entity_id: stream?.aggregateId ?? e.stream,
          stream: e.stream,
          revision: e.revision,
          actor_kind: e.metadata.actor.kind,
          actor_id: e.metadata.actor.id,
          occurred_at: e.metadata.occurredAt,
          recorded_at: e.recordedAt,
          correlation_id: e.metadata.correlationId,
          ...changes,
        },
      },
    ];
  },
};

/** Secrets (password hashes, session tokens) stay in the event store; the audit log shows that they changed. */
const redact = (data: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(data)
      .filter(([k]) => !BULKY_FIELDS.has(k))
      .map(([k, v]) => [k, SECRET_FIELDS.includes(k) ? '••••' : v]),
  );
