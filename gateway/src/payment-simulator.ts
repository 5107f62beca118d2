import express, { type Request, type Response, type Router } from 'express';
import { SIMULATOR_PATH, type GatewayNotice, type GatewaySimulator, type Logger } from '@rawnaq/platform';

/** How the simulator's callback reaches the product: signed, as its server-to-server call. */
export type DeliverCallback = (body: Record<string, unknown>, signature: string) => Promise<unknown>;

/**
 * The local gateway simulator's hosted payment page, served on the product's origin under
 * `/pay/sim/{session}`: the page, its card form and the 3-D Secure step. Once the card's outcome is
 * known, the signed callback is delivered to the product, then the browser goes back to the salon's
 * status page; the "late" card sends the browser back first and calls back a few seconds later.
 */
export const paymentSimulator = (simulator: GatewaySimulator, deliver: DeliverCallback, logger: Logger) => {
  const timers = new Set<NodeJS.Timeout>();
  const router: Router = express.Router();
  const bodyOf = (notice: GatewayNotice) => ({
    tenant_id: notice.tenantId,
    payment_id: notice.paymentId,
    status: notice.status,
    reference: notice.reference,
    amount: notice.amount,
  });
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');

  router.get('/:token', (req: Request, res: Response) => {
    noStore(res);
    const token = String(req.params.token);
    const session = simulator.session(token);
    if (!session) return res.status(404).type('html').send('<!doctype html><p>Unknown payment</p>');
    res.type('html').send(simulator.page(token, session));
  });

  router.post(
    '/:token',
    express.urlencoded({ extended: false, limit: '8kb' }),
    (req: Request, res: Response) => {
      noStore(res);
      const step = simulator.submit(String(req.params.token), (req.body ?? {}) as Record<string, unknown>);
      if (step.kind === 'page') return res.status(step.status).type('html').send(step.html);
      const send = () => deliver(bodyOf(step.notice), step.signature);
      if (step.callbackDelayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send().catch((error: unknown) => logger.warn(`simulator callback failed: ${String(error)}`));
        }, step.callbackDelayMs);
        timers.add(timer);
        return res.redirect(303, step.redirect);
      }
      send()
        .catch((error: unknown) => logger.warn(`simulator callback failed: ${String(error)}`))
        .finally(() => res.redirect(303, step.redirect));
    },
  );

  return {
    path: SIMULATOR_PATH,
    router,
    close: () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
};
