/**
 * supabase-js clients that connect from their own loopback address (127.x.y.z): to the gateway
 * each is a different client IP, as different visitors are, so per-client limits (the order
 * throttle) can be tested without one test's orders counting against another's.
 */
import { randomInt } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Agent } from 'undici';
import type { Database } from '../../../supabase/database.types.ts';

/** A fresh random address in 127.0.0.0/8 (Linux routes the whole block to the loopback device). */
export function loopbackAddress(): string {
  return `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export function clientFrom(
  address: string,
  url: string,
  key: string,
  headers: Record<string, string> = {},
): { client: SupabaseClient<Database>; close(): Promise<void> } {
  const dispatcher = new Agent({ localAddress: address });
  // Node's fetch takes an undici dispatcher in its init (a Node extension of RequestInit).
  const viaAddress: typeof fetch = (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
  const client = createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { fetch: viaAddress, headers },
  });
  return { client, close: () => dispatcher.close() };
}
