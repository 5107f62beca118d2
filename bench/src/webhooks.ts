import { MESSAGE_CATEGORY, newId, streamName, whatsappDigits, type EventEnvelope } from '@rawnaq/contracts';
import { signWebhook, simulatorConnection } from '@rawnaq/platform';
import { startBenchApp } from './bench-app';
import { measurePaced, postPaced, warmupOf, type LatencyFigures, type LoadRequest } from './latency';

export type WebhookFigures = {
  /** signed status webhooks (delivered, then read) posted at `rate`, each timed until the customer's profile shows it */
  webhooks: LatencyFigures & { refused: number; mainThreadBusy: number };
  /** the baseline: the same status events appended straight to the store at the same rate, until the messages' model shows them */
  storeAppend: LatencyFigures;
  ratioWebhookToAppendP99: number;
};

const WORKER = { kind: 'system', id: 'bench' } as const;

/**
 * The outbox keeping up with WhatsApp's statuses (issue 26's target: 50 status updates a second, p99
 * under 20 ms to the customer's profile): messages to the demo salon's customers are queued and sent
 * through the simulator, then their "delivered" and "read" statuses reach the product as the Cloud
 * API's signed webhooks would, from a load client in a thread of its own, at a steady rate. Each is
 * timed from its sending until the messages' read model (what the profile and the visit show) has
 * applied it. The baseline is the engine's floor: the same kind of status events appended straight
 * to the event store at the same rate, until the same read model shows them.
 */
export const webhookBench = async (
  parent: string,
  rate: number,
  seconds: number,
): Promise<WebhookFigures> => {
  const bench = await startBenchApp(parent, 'webhooks');
  try {
    const { app, platform } = bench;
    const tenantId = '1';
    const outbox = app.messaging.outbox;
    const customers = (
      await app.readModels.find('customers', { filter: { tenantId, whatsapp_allowed: true }, limit: 100 })
    ).filter((c) => whatsappDigits(c.mobile as string | undefined));
    if (!customers.length) throw new Error('the demo salon has no customer to message');
    const measured = rate * seconds;
    // each message brings two statuses (delivered, read); the baseline's own messages beside them
    const forWebhooks = Math.ceil((measured + warmupOf(rate)) / 2);
    const forAppends = Math.ceil(measured / 2);
    // at noon on the salon's clock (Riyadh), inside its send window whenever the bench runs
    const now = new Date(new Date().setUTCHours(9, 0, 0, 0));
    const ids: string[] = [];
    for (let i = 0; i < forWebhooks + forAppends; i++) {
      const c = customers[i % customers.length];
      ids.push(
        await outbox.queue(
          { tenantId, actor: WORKER, correlationId: newId(), now },
          {
            purpose: `bench:${i}`,
            customer_id: String(c.id),
            phone: whatsappDigits(c.mobile as string)!,
            language: 'en',
            kind: 'service',
            content: { template: { name: 'bench', params: [] }, text: `Bench message ${i}` },
            scheduled_for: now.toISOString(),
          },
        ),
      );
    }
    await app.runner.waitFor(['messages'], await platform.eventStore.headPosition(), 60_000);
    // sent through the simulator
    for (const id of ids) await outbox.advance(tenantId, id, now);
    await app.runner.waitFor(['messages'], await platform.eventStore.headPosition(), 60_000);
    const sent = await app.readModels.find('messages', {
      filter: { tenantId, status: 'sent' },
      limit: 100_000,
    });
    const providerIdOf = new Map(sent.map((m) => [String(m.id), String(m.provider_message_id)]));
    const webhookIds = ids.slice(0, forWebhooks).filter((id) => providerIdOf.has(id));
    if (webhookIds.length < forWebhooks)
      throw new Error(`only ${webhookIds.length} of ${forWebhooks} messages went`);
    const { phoneNumberId } = simulatorConnection(tenantId);
    const secret = app.messaging.outbox.channels.simulator.appSecret;
    const url = bench.base.replace('/api/merchant', '/api/public/whatsapp/webhook');
    const at = Math.floor(Date.now() / 1000);
    const requests: LoadRequest[] = [];
    for (let k = 0; k < forWebhooks * 2; k++) {
      const id = webhookIds[k % forWebhooks];
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: `waba-${phoneNumberId}`,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '966500000000', phone_number_id: phoneNumberId },
                  statuses: [
                    {
                      id: providerIdOf.get(id),
                      status: k < forWebhooks ? 'delivered' : 'read',
                      timestamp: String(at + k),
                      biz_opaque_callback_data: `${tenantId}/${id}`,
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      requests.push({
        url,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signWebhook(body, secret) },
        body,
      });
    }
    const webhooks = await postPaced(app.runner, ['messages'], rate, requests, 200);
    // the floor: the same statuses written straight to the store, without HTTP, signature or decision
    const appendIds = ids.slice(forWebhooks);
    const envelope = (type: string, data: Record<string, unknown>): EventEnvelope => ({
      id: newId(),
      type,
      data,
      metadata: {
        tenantId,
        actor: WORKER,
        correlationId: newId(),
        causationId: newId(),
        occurredAt: new Date().toISOString(),
        schemaVersion: 1,
      },
    });
    const storeAppend = await measurePaced(app.runner, ['messages'], rate, seconds, async (i) => {
      const id = appendIds[i % forAppends];
      const type = i < forAppends ? 'MessageDelivered' : 'MessageRead';
      const written = await platform.eventStore.append(
        streamName(MESSAGE_CATEGORY, tenantId, id),
        [envelope(type, { message_id: id, at: new Date().toISOString() })],
        'any',
      );
      return written.position;
    });
    return {
      webhooks: {
        commandsPerSecond: +webhooks.commandsPerSecond.toFixed(1),
        commands: webhooks.commands,
        p50Ms: +webhooks.p50Ms.toFixed(2),
        p99Ms: +webhooks.p99Ms.toFixed(2),
        maxMs: +webhooks.maxMs.toFixed(2),
        refused: webhooks.refused,
        mainThreadBusy: webhooks.mainThreadBusy,
      },
      storeAppend: {
        ...storeAppend,
        p50Ms: +storeAppend.p50Ms.toFixed(2),
        p99Ms: +storeAppend.p99Ms.toFixed(2),
        maxMs: +storeAppend.maxMs.toFixed(2),
      },
      ratioWebhookToAppendP99: +(webhooks.p99Ms / storeAppend.p99Ms).toFixed(2),
    };
  } finally {
    await bench.close();
  }
};
