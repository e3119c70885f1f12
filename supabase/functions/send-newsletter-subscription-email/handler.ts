/**
 * send-newsletter-subscription-email: stores a visitor's newsletter subscription and sends a
 * welcome e-mail. Called from the site footer via supabase.functions.invoke with `{ email }`;
 * answers `{ success, message }`.
 */
import { getEnv } from '../_shared/env.ts';
import { json, preflight } from '../_shared/http.ts';
import { sendMail } from '../_shared/mailer.ts';
import { createAdminClient } from '../_shared/supabase-admin.ts';
import { normaliseEmail } from './email-address.ts';
import { subscribe, type SubscribeOutcome } from './subscribe.ts';
import { welcomeEmail } from './welcome-email.ts';

const log = '[send-newsletter-subscription-email]';

function reply(status: number, success: boolean, message: string, headers: Record<string, string> = {}): Response {
  return json({ success, message }, status, headers);
}

/** The request's JSON body, or undefined when it is not JSON. */
async function readJson(req: Request): Promise<unknown> {
  try {
    return JSON.parse(await req.text());
  } catch {
    return undefined;
  }
}

function emailField(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return reply(405, false, 'Method not allowed.', { Allow: 'POST, OPTIONS' });

  const email = normaliseEmail(emailField(await readJson(req)));
  if (!email) return reply(400, false, 'Please enter a valid email address.');

  let outcome: SubscribeOutcome;
  try {
    outcome = await subscribe(createAdminClient(), email, 'footer');
  } catch (error) {
    console.error(`${log} could not store a subscription:`, error);
    return reply(500, false, 'We could not save your subscription right now. Please try again later.');
  }

  // A repeated submission changes nothing and must not mail the address again.
  if (outcome !== 'already-subscribed') {
    try {
      await sendMail(welcomeEmail(email, getEnv('SITE_URL')));
    } catch (error) {
      // The subscription, which is what the visitor asked for, is stored. Reporting a failure
      // would only make them retry, which finds the row and sends nothing either; the SMTP
      // problem belongs in the logs, where it is seen and fixed.
      console.error(`${log} subscription stored but the welcome e-mail failed:`, error);
    }
  }
  return reply(200, true, 'Successfully subscribed to our newsletter!');
}
