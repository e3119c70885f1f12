/**
 * /checkout: the cart (kept in the browser) reviewed at today's prices, then the buyer's details,
 * intakes, participants and payment. An empty cart cannot check out. Once the order exists the
 * cart is emptied and the confirmation opens.
 */
import { useState } from 'react';
import { Link, useLoaderData, useNavigate, useRouteError } from 'react-router';
import { CART_PATH, CATALOGUE_PATH, CHECKOUT_PATH, CONFIRMATION_PATH } from '../config/commerce-paths';
import { publicEnv } from '../config/env.server';
import { CartProvider, useCart } from '../features/cart/cart-provider';
import { CheckoutReview } from '../features/checkout/checkout-review';
import { appScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { loadPaymentSettings, loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/checkout';
import '../components/ui/form-fields.css';
import '../features/cart/cart.css';

export async function loader() {
  const [settings, payments] = await Promise.all([loadSiteSettings(), loadPaymentSettings()]);
  const siteUrl = publicEnv().siteUrl;
  return {
    meta: appScreenMeta({
      title: 'Checkout',
      path: CHECKOUT_PATH,
      description: `Check out your training programs at ${settings.instituteName}: your details, intakes and participants, then payment by invoice or M-Pesa.`,
      settings,
      siteUrl,
      parent: rootMeta(settings, siteUrl),
    }),
    paybill: payments?.mpesaPaybill ?? null,
    bankAccounts: payments?.bankAccounts ?? [],
  };
}

export function meta({ data }: Route.MetaArgs) {
  return data?.meta ?? [];
}

function CheckoutScreen() {
  const { paybill, bankAccounts } = useLoaderData<typeof loader>();
  const cart = useCart();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState(false);

  if (placed) {
    return (
      <p className="checkout-status" role="status">
        Your order is placed. Opening your confirmation…
      </p>
    );
  }
  if (!cart.ready) {
    return (
      <p className="checkout-status" role="status">
        Loading your cart…
      </p>
    );
  }
  if (cart.items.length === 0) {
    return (
      <div className="cart-empty">
        <p>Your cart is empty: there is nothing to check out.</p>
        <Link className="button" to={CATALOGUE_PATH}>
          Browse training programs
        </Link>
      </div>
    );
  }
  return (
    <CheckoutReview
      lines={cart.items.map((item) => ({
        programId: item.program.id,
        title: item.program.title,
        price: item.program.price,
        quantity: item.quantity,
      }))}
      paybill={paybill}
      bankAccounts={bankAccounts}
      cartHref={CART_PATH}
      onRemove={cart.removeFromCart}
      onOrderPlaced={(token) => {
        // The order exists: only now is the cart emptied.
        setPlaced(true);
        cart.emptyCartAfterOrder();
        void navigate(`${CONFIRMATION_PATH}?token=${encodeURIComponent(token)}`, { replace: true });
      }}
    />
  );
}

export default function CheckoutPage() {
  return (
    <section className="container commerce-page">
      <h1>Checkout</h1>
      <CartProvider>
        <CheckoutScreen />
      </CartProvider>
    </section>
  );
}

export function ErrorBoundary() {
  console.error(useRouteError());
  return (
    <section className="container commerce-page">
      <h1>Checkout</h1>
      <p role="alert">
        Something went wrong while loading the checkout. Your cart is safe: please reload the page, or try again in a
        few minutes.
      </p>
    </section>
  );
}
