/** Site settings and navigation, the two singletons every page needs, and the payment settings checkout needs. */
import { NAVIGATION_QUERY, PAYMENT_SETTINGS_QUERY, SITE_SETTINGS_QUERY } from './queries';
import { fetchContent } from './fetch.server';
import type {
  NAVIGATION_QUERY_RESULT,
  PAYMENT_SETTINGS_QUERY_RESULT,
  SITE_SETTINGS_QUERY_RESULT,
} from './sanity.types';

export type SiteSettings = Extract<SITE_SETTINGS_QUERY_RESULT, { instituteName: string }>;
export type Navigation = NonNullable<NAVIGATION_QUERY_RESULT>;

export async function loadSiteSettings(): Promise<SiteSettings> {
  const settings = await fetchContent(SITE_SETTINGS_QUERY);
  // Without the singleton there is no name, phone or e-mail to show: a content error, not a 404.
  if (!settings?.instituteName) throw new Error('The siteSettings document is missing from the dataset');
  return settings as SiteSettings;
}

export async function loadNavigation(): Promise<Navigation> {
  return (await fetchContent(NAVIGATION_QUERY)) ?? { mainMenu: null };
}

export type PaymentSettings = NonNullable<PAYMENT_SETTINGS_QUERY_RESULT>;

/** The Paybill number and bank accounts, or null when the CMS has none (checkout then names no Paybill number). */
export async function loadPaymentSettings(): Promise<PaymentSettings | null> {
  return fetchContent(PAYMENT_SETTINGS_QUERY);
}
