/**
 * register-tax-documents: registers issued tax invoices and credit notes with KRA's eTIMS. Run on
 * a schedule with the service role key (locally every 2 s by the stack; hosted by pg_cron +
 * pg_net, docs/etims.md), like process-mail-outbox. Answers the run's report.
 */
import { json, preflight } from '../_shared/http.ts';
import { etimsClient } from '../_shared/etims/settings.ts';
import { isServiceRole } from '../_shared/service-role.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';
import { registerDueDocuments } from './register.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return json({ message: 'Method not allowed.' }, 405, { Allow: 'POST, OPTIONS' });
  if (!isServiceRole(req)) return json({ message: 'Only the scheduler may register tax documents.' }, 403);
  try {
    return json(await registerDueDocuments(createAdminClient(), etimsClient()));
  } catch (error) {
    console.error('[register-tax-documents] run failed:', error);
    return json({ message: 'The tax documents could not be registered.' }, 500);
  }
}
