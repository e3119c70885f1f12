/**
 * The checkout's prefill for a signed-in customer (issue 28): their address (the session's, the
 * one their orders are matched on) and the name, phone and organisation of their profile (user
 * metadata, lib/customer-profile.ts) fill the empty fields nobody has typed in. Visitors without a
 * session do not load supabase-js for this: only a stored session is looked at.
 */
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { profileFromMetadata, type ProfileValues } from '../../lib/customer-profile';
import { getBrowserSupabase } from '../../lib/supabase/browser-client';
import type { CheckoutInput, CheckoutValues } from './checkout-schema';

export interface AccountPrefill extends ProfileValues {
  email: string;
}

/** Whether this browser holds a Supabase session at all (supabase-js's `sb-<ref>-auth-token` key). */
function hasStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return false;
  }
}

/** The signed-in customer's details, or null (no session, or it could not be read). */
async function readAccountPrefill(): Promise<AccountPrefill | null> {
  if (!hasStoredSession()) return null;
  const supabase = await getBrowserSupabase();
  const { data } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (!user?.email) return null;
  return { email: user.email, ...profileFromMetadata(user.user_metadata) };
}

/** The values to set: only fields that are empty and untouched. Pure (tested). */
export function prefillValues(
  prefill: AccountPrefill,
  current: { buyer_name?: string; buyer_email?: string; buyer_phone?: string; organisation?: string },
): Array<['buyer_name' | 'buyer_email' | 'buyer_phone' | 'organisation', string]> {
  const wanted = [
    ['buyer_email', prefill.email],
    ['buyer_name', prefill.fullName],
    ['buyer_phone', prefill.phone],
    ['organisation', prefill.organisation],
  ] as const;
  return wanted.filter(([field, value]) => value !== '' && !current[field]).map(([field, value]) => [field, value]);
}

export function useAccountPrefill(form: UseFormReturn<CheckoutInput, unknown, CheckoutValues>): void {
  const [prefill, setPrefill] = useState<AccountPrefill | null>(null);
  const forOrganisation = useWatch({ control: form.control, name: 'for_organisation' });
  useEffect(() => {
    let current = true;
    readAccountPrefill()
      .then((found) => current && setPrefill(found))
      .catch((error: unknown) => console.error('[checkout] the account prefill failed:', error));
    return () => {
      current = false;
    };
  }, []);
  // Again when "Buying for an organisation" shows the organisation's field.
  useEffect(() => {
    if (!prefill) return;
    const { getValues, getFieldState, setValue } = form;
    const current = getValues();
    for (const [field, value] of prefillValues(prefill, current)) {
      if (field === 'organisation' && !forOrganisation) continue;
      if (!getFieldState(field).isDirty) setValue(field, value, { shouldDirty: false });
    }
  }, [prefill, forOrganisation, form]);
}
