/** The M-Pesa settings of a deployment (function secrets), and one Daraja client per runtime instance. */
import { getEnv, requireEnv } from '../env.ts';
import { createDarajaClient, type DarajaClient } from './daraja-client.ts';

let client: { key: string; value: DarajaClient } | undefined;

/** Kept for the life of the instance, so its OAuth token is reused until it expires. */
export function darajaClient(): DarajaClient {
  const config = {
    apiUrl: requireEnv('MPESA_API_URL'),
    consumerKey: requireEnv('MPESA_CONSUMER_KEY'),
    consumerSecret: requireEnv('MPESA_CONSUMER_SECRET'),
    shortcode: requireEnv('MPESA_SHORTCODE'),
    passkey: requireEnv('MPESA_PASSKEY'),
  };
  // A changed setting (another local stack in the same process) gets its own client.
  const key = JSON.stringify(config);
  if (client?.key !== key) client = { key, value: createDarajaClient(config) };
  return client.value;
}

/** Where Daraja posts the outcome: the callback function's public URL with the deployment's token. */
export function callbackUrl(): string {
  const base = getEnv('MPESA_CALLBACK_URL') ?? `${requireEnv('SUPABASE_URL')}/functions/v1/mpesa-callback`;
  const url = new URL(base);
  url.searchParams.set('token', requireEnv('MPESA_CALLBACK_TOKEN'));
  return url.toString();
}
