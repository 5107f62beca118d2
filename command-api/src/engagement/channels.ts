import { join } from 'node:path';
import type { WhatsAppProvider } from '@rawnaq/contracts';
import {
  CloudApiMessaging,
  InstanceGatewayMessaging,
  simulatorConnection,
  tenantOfSimulatorNumber,
  webhookSignatureValid,
  WhatsAppSimulator,
  type MessagingConnection,
  type MessagingProvider,
} from '@rawnaq/platform';

/** The platform's Meta app (WHATSAPP=cloud): its secret, its verify token, and the salons' numbers on it. */
export type CloudSetup = {
  provider: MessagingProvider;
  appSecret: string;
  verifyToken: string;
  /** tenant id → its phone number id and access token */
  numbers: Map<string, MessagingConnection>;
};

/** Who signed a webhook: the local simulator, or Meta for the platform's app. */
export type WebhookSource = 'simulator' | 'cloud';

/**
 * A salon's connection as the manager recorded it (`merchant-whatsapp-meta`), its token opened, with
 * the instance gateway's address from the platform's WhatsApp settings.
 */
export type RecordedConnection = {
  provider: WhatsAppProvider;
  connection?: MessagingConnection;
  instanceBaseUrl?: string;
};

export type Channel = { provider: MessagingProvider; connection: MessagingConnection };

/**
 * Which sender each salon uses: the connection the manager recorded for it (the simulator, the Cloud
 * API with its phone number id and token, or an instance gateway); without one, the environment's
 * setup (WHATSAPP=cloud: the salons named in WHATSAPP_PHONE_NUMBERS) or else the local simulator, every
 * salon its own simulated number.
 */
export class MessagingChannels {
  private readonly simulated: MessagingProvider;
  private readonly cloudApi: MessagingProvider;
  private readonly instances = new Map<string, MessagingProvider>();
  /**
   * Where customers open the links messages carry (e-booking, e-invoice, e-survey, e-gift): the
   * product's public address, configured (PUBLIC_URL), never taken from a request's Host header
   * (anyone could make the salon's messages point elsewhere).
   */
  readonly publicUrl: string;

  constructor(
    readonly simulator: WhatsAppSimulator,
    private readonly cloud?: CloudSetup,
    options: { graphUrl?: string; publicUrl?: string } = {},
  ) {
    this.publicUrl = options.publicUrl ?? 'http://localhost:3000';
    this.simulated = simulator.provider();
    this.cloudApi = cloud?.provider ?? new CloudApiMessaging({ graphUrl: options.graphUrl });
  }

  private instanceGateway(baseUrl: string): MessagingProvider {
    let gateway = this.instances.get(baseUrl);
    if (!gateway) this.instances.set(baseUrl, (gateway = new InstanceGatewayMessaging({ baseUrl })));
    return gateway;
  }

  channelFor(tenantId: string, recorded?: RecordedConnection): Channel {
    if (recorded?.provider === 'cloud_api' && recorded.connection)
      return { provider: this.cloudApi, connection: recorded.connection };
    if (recorded?.provider === 'instance' && recorded.connection && recorded.instanceBaseUrl)
      return { provider: this.instanceGateway(recorded.instanceBaseUrl), connection: recorded.connection };
    if (recorded?.provider === 'simulator')
      return { provider: this.simulated, connection: simulatorConnection(tenantId) };
    const number = this.cloud?.numbers.get(tenantId);
    return number
      ? { provider: this.cloud!.provider, connection: number }
      : { provider: this.simulated, connection: simulatorConnection(tenantId) };
  }

  /**
   * Whose signature a webhook's raw body carries, if anyone's we know: the simulator's, or Meta's
   * under the environment's app secret or the one in the platform's WhatsApp settings.
   */
  signedBy(
    raw: Buffer | string | undefined,
    signature: string | undefined,
    platformAppSecret?: string,
  ): WebhookSource | undefined {
    if (webhookSignatureValid(raw, signature, this.simulator.appSecret)) return 'simulator';
    if (this.cloud && webhookSignatureValid(raw, signature, this.cloud.appSecret)) return 'cloud';
    if (platformAppSecret && webhookSignatureValid(raw, signature, platformAppSecret)) return 'cloud';
    return undefined;
  }

  /** The salon a notice's phone number id belongs to, only from the source that may speak for it. */
  tenantOf(phoneNumberId: string, source: WebhookSource): string | undefined {
    if (source === 'simulator') return tenantOfSimulatorNumber(phoneNumberId);
    for (const [tenantId, c] of this.cloud?.numbers ?? [])
      if (c.phoneNumberId === phoneNumberId) return tenantId;
    return undefined;
  }

  get verifyToken(): string | undefined {
    return this.cloud?.verifyToken;
  }
}

/**
 * The channels from the environment: the simulator's records in `DATA_DIR/whatsapp-simulator.db`
 * (in memory for ':memory:'); the links in messages on PUBLIC_URL (default http://localhost:PORT); WHATSAPP=cloud with WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN,
 * WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBERS (`<tenantId>=<phone number id>,…`), and optionally
 * WHATSAPP_GRAPH_URL, connects those salons to the Cloud API.
 */
export const messagingChannelsFromEnv = (
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): MessagingChannels => {
  const simulator = new WhatsAppSimulator(
    dataDir === ':memory:' ? ':memory:' : join(dataDir, 'whatsapp-simulator.db'),
  );
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, '');
  const options = { graphUrl: env.WHATSAPP_GRAPH_URL, publicUrl };
  if (env.WHATSAPP !== 'cloud') return new MessagingChannels(simulator, undefined, options);
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`WHATSAPP=cloud needs ${name}`);
    return v;
  };
  const accessToken = need('WHATSAPP_ACCESS_TOKEN');
  const numbers = new Map<string, MessagingConnection>();
  for (const pair of need('WHATSAPP_PHONE_NUMBERS').split(',')) {
    const [tenantId, phoneNumberId] = pair.split('=').map((s) => s.trim());
    if (tenantId && phoneNumberId) numbers.set(tenantId, { phoneNumberId, accessToken });
  }
  return new MessagingChannels(
    simulator,
    {
      provider: new CloudApiMessaging({ graphUrl: env.WHATSAPP_GRAPH_URL }),
      appSecret: need('WHATSAPP_APP_SECRET'),
      verifyToken: need('WHATSAPP_VERIFY_TOKEN'),
      numbers,
    },
    options,
  );
};

export const MESSAGING_TOKENS = {
  channels: Symbol('MessagingChannels'),
  /** how often the outbox worker runs (0: tests run it by hand) */
  everyMs: Symbol('OutboxEveryMs'),
} as const;
