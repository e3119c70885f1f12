/** /cart: the visitor's cart (kept in their browser), with totals and the way to checkout. */
import type { MetaDescriptor } from 'react-router';
import { CART_PATH, CATALOGUE_PATH, CHECKOUT_PATH } from '../config/commerce-paths';
import { publicEnv } from '../config/env.server';
import { CartProvider } from '../features/cart/cart-provider';
import { CartView } from '../features/cart/cart-view';
import { QUOTE_PATH } from '../features/checkout/quote';
import { appScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/cart';

export async function loader(): Promise<{ meta: MetaDescriptor[]; vatPath: string }> {
  const settings = await loadSiteSettings();
  const siteUrl = publicEnv().siteUrl;
  return {
    // From the server: the path is not worth a constant in the browser's files.
    vatPath: QUOTE_PATH,
    meta: appScreenMeta({
      title: 'Your cart',
      path: CART_PATH,
      description: `The training programs you have chosen at ${settings.instituteName}, with their prices in USD or KES, on the way to checkout.`,
      settings,
      siteUrl,
      parent: rootMeta(settings, siteUrl),
    }),
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container commerce-page">
      <h1>Your cart</h1>
      <CartProvider>
        <CartView catalogueHref={CATALOGUE_PATH} checkoutHref={CHECKOUT_PATH} vatPath={loaderData.vatPath} />
      </CartProvider>
    </section>
  );
}
