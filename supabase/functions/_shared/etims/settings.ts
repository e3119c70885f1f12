/**
 * The eTIMS settings of a deployment (function secrets or a script's environment), and one client
 * per runtime instance. Moving from the local stand-in to KRA's sandbox, then production, changes
 * these settings only (docs/etims.md).
 */
import { getEnv, requireEnv } from '../env.ts';
import { createEtimsClient, type EtimsClient, type EtimsConfig } from './client.ts';

export function etimsConfig(): EtimsConfig {
  const timeout = getEnv('ETIMS_TIMEOUT_MS');
  if (timeout !== undefined && !/^[1-9]\d*$/.test(timeout))
    throw new Error(`ETIMS_TIMEOUT_MS is "${timeout}": give a whole number of milliseconds`);
  return {
    apiUrl: requireEnv('ETIMS_API_URL'),
    tin: requireEnv('ETIMS_TIN'),
    bhfId: getEnv('ETIMS_BRANCH_ID') ?? '00',
    deviceSerial: requireEnv('ETIMS_DEVICE_SERIAL'),
    ...(getEnv('ETIMS_CMC_KEY') ? { cmcKey: getEnv('ETIMS_CMC_KEY') } : {}),
    ...(timeout ? { timeoutMs: Number(timeout) } : {}),
  };
}

let client: { key: string; value: EtimsClient } | undefined;

/** Kept for the life of the instance, so the communication key is fetched once. */
export function etimsClient(): EtimsClient {
  const config = etimsConfig();
  const key = JSON.stringify(config);
  if (client?.key !== key) client = { key, value: createEtimsClient(config) };
  return client.value;
}
