/** /cart: the visitor's cart (kept in their browser), with totals and the way to checkout. */
import type { HeadersFunction, MetaDescriptor } from 'react-router';
import { CATALOGUE_PATH, CHECKOUT_PATH } from '../config/commerce-paths';
import { publicEnv } from '../config/env.server';
import { CartProvider } from '../features/cart/cart-provider';
import { CartView } from '../features/cart/cart-view';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/cart';

export async function loader(): Promise<{ meta: MetaDescriptor[] }> {
  const settings = await loadSiteSettings();
  return { meta: privateScreenMeta('Your cart', settings.instituteName, rootMeta(settings, publicEnv().siteUrl)) };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

/** One visitor's screen, not for the index (the page itself is the same for everyone). */
export const headers: HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex' });

export default function CartPage() {
  return (
    <section className="container commerce-page">
      <h1>Your cart</h1>
      <CartProvider>
        <CartView catalogueHref={CATALOGUE_PATH} checkoutHref={CHECKOUT_PATH} />
      </CartProvider>
    </section>
  );
}
