/**
 * /account/data: the signed-in customer's data rights (features/account-data). Read in the browser
 * with the customer's session (the server sends the frame only); without a session the browser
 * goes to /account/sign-in and comes back.
 */
import { useRouteError, isRouteErrorResponse } from 'react-router';
import { readMyData } from '../features/account-data/api/read-my-data';
import { requestErasure } from '../features/account-data/api/request-erasure';
import { AccountDataPage } from '../features/account-data/account-data-page';
import type { Route } from './+types/account-data';
import '../components/ui/ui.css';

export function meta() {
  return [{ title: 'Your data | Ascent' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function clientLoader() {
  return readMyData();
}
clientLoader.hydrate = true as const;

export async function clientAction() {
  try {
    await requestErasure();
    return { error: undefined };
  } catch (error) {
    console.error('[account-data] request failed', error);
    return { error: 'We could not record your request just now. Please try again in a moment.' };
  }
}

export function HydrateFallback() {
  return (
    <div className="container">
      <h1>Your data</h1>
      <p role="status">Loading…</p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  console.error('[account-data]', error);
  return (
    <div className="container">
      <h1>Your data</h1>
      <p role="alert">
        {isRouteErrorResponse(error)
          ? 'This page could not be opened.'
          : 'We could not read your data just now. Please reload the page in a moment.'}
      </p>
    </div>
  );
}

export default function AccountDataRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountDataPage data={loaderData.data} openRequest={loaderData.openRequest} error={actionData?.error} />;
}
