/** /admin/quotes: quotes for organisations (features/admin-quotes); finance and programmes build and send them. */
import { adminMeta } from '../../shell/admin/admin-meta';
import type { AdminRouteHandle } from '../../shell/admin/admin-access';
import { screenRoles } from '../../shell/admin/admin-access';
import { AdminRouteError } from '../../components/admin/route-error';
import { quoteAction } from '../../features/admin-quotes/quote-action';
import { listQuoteChoices, listQuotes } from '../../features/admin-quotes/quotes-api';
import { QuotesScreen } from '../../features/admin-quotes/quotes-screen';
import type { Route } from './+types/quotes';

export const meta = () => adminMeta('Quotes');

export const handle: AdminRouteHandle = { roles: screenRoles.quotes };

export async function clientLoader() {
  const [quotes, choices] = await Promise.all([listQuotes(), listQuoteChoices()]);
  return { quotes, choices };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return quoteAction(await request.json());
}

export function ErrorBoundary() {
  return <AdminRouteError heading="Quotes" />;
}

export default function QuotesRoute({ loaderData }: Route.ComponentProps) {
  return <QuotesScreen quotes={loaderData.quotes} choices={loaderData.choices} />;
}
