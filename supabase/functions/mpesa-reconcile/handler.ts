/**
 * mpesa-reconcile: settles M-Pesa pushes that got no callback, from Daraja's STK query. Run on a
 * schedule with the service role key (locally every 30 s by the stack; hosted by pg_cron +
 * pg_net) for pushes older than two minutes; body `{ older_than_seconds? }`. Staff (their JWT)
 * may re-query one stuck attempt at any age: `{ attempt_id }`. Answers the run's report.
 */
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '../../database.types.ts';
import { requireEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { darajaClient } from '../_shared/mpesa/settings.ts';
import { bearer, isServiceRole } from '../_shared/service-role.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';
import { reconcile } from './reconcile.ts';

const input = z.object({
  older_than_seconds: z.number().int().min(0).max(86_400).default(120),
  attempt_id: z.uuid().optional(),
});

/** True when the caller's JWT can see the attempt under RLS, i.e. is staff. */
async function staffCanSee(req: Request, attemptId: string): Promise<boolean> {
  const asCaller = createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    global: { headers: { Authorization: `Bearer ${bearer(req)}` } },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await asCaller.from('mpesa_payment_attempts').select('id').eq('id', attemptId).maybeSingle();
  // The anon key (or a token PostgREST does not accept) may not read the table at all: a caller
  // who is not staff, answered 403 like one who is signed in but not staff.
  if (error && (error.code === '42501' || error.code.startsWith('PGRST3'))) return false;
  if (error) throw new Error(`could not check the caller: ${error.message} (${error.code})`);
  return data !== null;
}

async function readInput(req: Request): Promise<z.infer<typeof input> | undefined> {
  try {
    const text = await req.text();
    const parsed = input.safeParse(text.trim() === '' ? {} : JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  const body = await readInput(req);
  if (!body) return json({ message: 'Send { older_than_seconds?, attempt_id? } as JSON.' }, 400);
  try {
    const service = isServiceRole(req);
    if (!service && !(body.attempt_id && (await staffCanSee(req, body.attempt_id))))
      return json({ message: 'Only the scheduler or staff may reconcile payments.' }, 403);
    const report = await reconcile(createAdminClient(), darajaClient(), {
      olderThanSeconds: body.older_than_seconds,
      ...(body.attempt_id ? { attemptId: body.attempt_id } : {}),
    });
    return json(report);
  } catch (error) {
    console.error('[mpesa-reconcile] run failed:', error);
    return json({ message: 'The payments could not be reconciled.' }, 500);
  }
}
