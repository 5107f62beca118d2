import { Authenticator } from './auth';
import { ReadModels, type ReadModelOwner } from '../read-store/read-models';
import { configFromEnv } from '../runtime/config';
import { openPlatform, type Platform } from '../runtime/open';
import type { Logger } from '../runtime/logger';

export type ServiceDeps = { platform: Platform; readModels: ReadModels; authenticator: Authenticator };

/** What an API service started on its own needs: the engines from the environment, the read models, sign-in. */
export const openServiceDeps = async (owners: ReadModelOwner[], logger: Logger): Promise<ServiceDeps> => {
  const platform = await openPlatform(configFromEnv(), { logger });
  const readModels = new ReadModels(platform.readStore, owners);
  return { platform, readModels, authenticator: new Authenticator(readModels, platform.eventStore) };
};
