/**
 * /order-confirmation?token=<token>: the order read back by its confirmation token (reloading
 * works); a wrong or missing token is a plain "order not found" that reveals nothing. M-Pesa
 * orders take the customer's confirmation code here (POST), or pay on the phone (STK push, live). The page is one customer's: never
 * cached, indexed, or sent on as a referrer.
 */
import {
  data,
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteError,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaDescriptor,
  Link,
} from 'react-router';
import { CATALOGUE_PATH } from '../config/commerce-paths';
import { publicEnv } from '../config/env.server';
import { OrderConfirmation } from '../features/checkout/order-confirmation';
import { readOrder, submitMpesaCode } from '../features/checkout/order.server';
import { useLiveOrderStatus } from '../features/mpesa/live-order-status';
import { MpesaPayment } from '../features/mpesa/mpesa-payment';
import { privateScreenMeta, rootMeta } from '../features/seo/route-meta.server';
import { readOrderPaymentReceipts } from '../features/tax-documents/order-payment-receipts.server';
import { readOrderTaxDocuments } from '../features/tax-documents/order-tax-documents.server';
import { loadPaymentSettings, loadSiteSettings } from '../lib/sanity/site-settings.server';
import type { Route } from './+types/order-confirmation';
import '../components/ui/form-fields.css';
import '../features/cart/cart.css';

const privateHeaders = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

async function screenMeta(title: string): Promise<MetaDescriptor[]> {
  const settings = await loadSiteSettings();
  return privateScreenMeta(title, settings.instituteName, rootMeta(settings, publicEnv().siteUrl));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const [order, payments] = await Promise.all([readOrder(token), loadPaymentSettings()]);
  if (!order) throw data({ meta: await screenMeta('Order not found') }, { status: 404 });
  // Read after the order: a wrong token never reaches here.
  const [taxDocuments, receipts] = await Promise.all([
    readOrderTaxDocuments(publicEnv().supabaseUrl, token),
    readOrderPaymentReceipts(publicEnv().supabaseUrl, token),
  ]);
  const invoice = new URL('/functions/v1/order-invoice', publicEnv().supabaseUrl);
  invoice.searchParams.set('token', token);
  return {
    order,
    token,
    invoiceHref: invoice.href,
    // The receipts join the same list of links: no code of their own on the page.
    taxDocuments: [...taxDocuments, ...receipts],
    paybill: payments?.mpesaPaybill ?? null,
    bankAccounts: payments?.bankAccounts ?? [],
    meta: await screenMeta(`Order ${order.reference}`),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const form = await request.formData();
  const code = form.get('code');
  return submitMpesaCode(token, typeof code === 'string' ? code : '');
}

export function meta({ data, error }: Route.MetaArgs) {
  if (data) return data.meta;
  if (isRouteErrorResponse(error) && error.status === 404) return (error.data as { meta: MetaDescriptor[] }).meta;
  return [{ name: 'robots', content: 'noindex' }];
}

/** For the page, its 404 and the M-Pesa code's answer alike. */
export const headers: HeadersFunction = () => privateHeaders;

export default function OrderConfirmationPage() {
  const { order, token, invoiceHref, taxDocuments, paybill, bankAccounts } = useLoaderData<typeof loader>();
  const codeResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // Staff confirming or cancelling, a payment, an expiry: the page follows without a reload.
  useLiveOrderStatus(token, order.status);
  return (
    <section className="container commerce-page">
      <h1>Order confirmation</h1>
      {order.paymentMethod === 'mpesa' ? <MpesaPayment token={token} orderStatus={order.status} /> : null}
      <OrderConfirmation
        order={order}
        invoiceHref={invoiceHref}
        paybill={paybill}
        bankAccounts={bankAccounts}
        codeResult={codeResult}
        submittingCode={navigation.state === 'submitting'}
      />
      {/* The tax invoice, credit notes and payment receipts, a line each (the page is at the JavaScript budget). */}
      {taxDocuments.map((document) => (
        <p key={document.id}>
          <a href={document.href}>{document.label}</a> {document.status}
        </p>
      ))}
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <section className="container commerce-page order-not-found">
      <h1>{notFound ? 'Order not found' : 'We couldn’t load your order just now'}</h1>
      {notFound ? (
        <p>
          This link does not lead to an order. Please use the link in your confirmation e-mail, or contact us quoting
          your order reference.
        </p>
      ) : (
        <p>Please reload the page in a moment: your order is safe.</p>
      )}
      <p>
        <Link to={CATALOGUE_PATH}>Browse training programs</Link>
      </p>
    </section>
  );
}
