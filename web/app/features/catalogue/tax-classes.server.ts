/**
 * The VAT classes and their rates, as the database holds them (public.tax_classes, readable by
 * everyone): the rate is data, so the VAT the checkout shows follows a change in the law without
 * a release. domain/vat.ts does the arithmetic.
 */
import { isTaxTypeCode, type TaxClass } from '../../../../domain/vat.ts';
import { serverSupabase } from '../../lib/supabase/server-client.server';
import { LIVE_READ_TIMEOUT_MS } from './catalogue.server';

export async function readTaxClasses(): Promise<Map<string, TaxClass>> {
  const { data, error } = await serverSupabase()
    .from('tax_classes')
    .select('id, label, rate_basis_points')
    .abortSignal(AbortSignal.timeout(LIVE_READ_TIMEOUT_MS));
  if (error) {
    console.error('[catalogue] reading the tax classes failed:', error.code ?? '', error.message);
    throw new Error('Could not read the tax classes');
  }
  return new Map(
    data.flatMap((row) =>
      isTaxTypeCode(row.id)
        ? [[row.id, { code: row.id, label: row.label, rateBasisPoints: row.rate_basis_points }] as const]
        : [],
    ),
  );
}
