import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { StartedTestContainer } from 'testcontainers';

/**
 * Where a scale-out contract suite finds its engine: the environment variable when it is set, else a
 * throw-away container when a Docker engine answers, else nowhere (`missing` says why, for the skip line).
 * Whether Docker answers is decided synchronously, because jest must know at load time whether to skip.
 */
export type Engine = 'eventstoredb' | 'kafka' | 'mongodb';
export type Reachable = { url: string; stop: () => Promise<void> };
export type EngineSource = { variable: string; missing?: string; connect: () => Promise<Reachable> };

const DEFAULT_SOCKET = '/var/run/docker.sock';

/** GET /_ping on the Docker engine, in a child process so the answer is synchronous; 3 s at most. */
const dockerAnswers = (): boolean => {
  const host = process.env.DOCKER_HOST;
  if (!host && !existsSync(DEFAULT_SOCKET)) return false;
  const target =
    !host || host.startsWith('unix://')
      ? { socketPath: host ? host.slice(7) : DEFAULT_SOCKET }
      : tcpTarget(host);
  if (!target) return false;
  const probe = `const t=${JSON.stringify(target)};require('node:http').get({...t,path:'/_ping',timeout:2000},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1)).on('timeout',()=>process.exit(1));`;
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 3000 });
    return true;
  } catch {
    return false;
  }
};

const tcpTarget = (host: string): { host: string; port: number } | undefined => {
  const m = /^tcp:\/\/([^:/]+):(\d+)/.exec(host);
  return m ? { host: m[1], port: Number(m[2]) } : undefined;
};

let answered: boolean | undefined;
const dockerAvailable = () => (answered ??= dockerAnswers());

export const scaleOutEngine = (variable: string, engine: Engine): EngineSource => {
  const url = process.env[variable];
  if (url) return { variable, connect: async () => ({ url, stop: async () => undefined }) };
  if (!dockerAvailable()) {
    return {
      variable,
      missing: `${variable} is not set and no Docker engine answered`,
      connect: () => Promise.reject(new Error(`${variable} is not set`)),
    };
  }
  return { variable, connect: () => startContainer(engine) };
};

/** Several engines for one suite: skipped if any is missing, every missing variable named on the one line. */
export const scaleOutEngines = (...sources: EngineSource[]): { missing?: string } => {
  const absent = sources.filter((s) => s.missing).map((s) => s.variable);
  if (absent.length === 0) return {};
  return {
    missing: `${absent.join(' and ')} ${absent.length > 1 ? 'are' : 'is'} not set and no Docker engine answered`,
  };
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

const startContainer = async (engine: Engine): Promise<Reachable> => {
  // loaded only here: merely loading a spec must not depend on testcontainers loading on this Node
  const tc = await import('testcontainers');
  const started = await (async (): Promise<{ container: StartedTestContainer; url: string }> => {
    switch (engine) {
      case 'eventstoredb': {
        // Event Store's own registry since 24.10; EVENTSTORE_IMAGE=eventstore/eventstore:24.10 for Docker Hub
        const container = await new tc.GenericContainer(
          process.env.EVENTSTORE_IMAGE ?? 'docker.eventstore.com/eventstore/eventstore:24.10',
        )
          .withEnvironment({
            EVENTSTORE_INSECURE: 'true',
            EVENTSTORE_RUN_PROJECTIONS: 'None',
            EVENTSTORE_MEM_DB: 'true',
            EVENTSTORE_CLUSTER_SIZE: '1',
          })
          .withExposedPorts(2113)
          .withWaitStrategy(tc.Wait.forHttp('/health/live', 2113).forStatusCodeMatching((s) => s < 300))
          .withStartupTimeout(120_000)
          .start();
        return { container, url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false` };
      }
      case 'mongodb': {
        // standalone: swapLive takes its no-transaction path here; docker-compose runs a replica set
        const container = await new tc.GenericContainer('mongo:7')
          .withExposedPorts(27017)
          .withWaitStrategy(tc.Wait.forLogMessage(/Waiting for connections/))
          .start();
        return { container, url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}` };
      }
      case 'kafka': {
        // the broker must advertise the address clients dial, so the host port is chosen before the start
        const host = (await tc.getContainerRuntimeClient()).info.containerRuntime.host;
        const port = await freePort();
        const container = await new tc.GenericContainer('apache/kafka:3.8.0')
          .withEnvironment({
            KAFKA_NODE_ID: '1',
            KAFKA_PROCESS_ROLES: 'broker,controller',
            KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
            KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
            KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
            KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
            KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
            KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
            KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
            KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
            KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
            KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
          })
          .withExposedPorts({ container: 9092, host: port })
          .withWaitStrategy(tc.Wait.forLogMessage(/Kafka Server started/))
          .withStartupTimeout(120_000)
          .start();
        return { container, url: `${host}:${port}` };
      }
    }
  })();
  return {
    url: started.url,
    stop: async () => {
      await started.container.stop();
    },
  };
};
