/**
 * /account/data: the signed-in customer's data rights (features/account-data). The server sends
 * the frame; the page reads the data in the browser with the customer's session, and sends a
 * visitor without one to /account/sign-in, coming back here.
 */
import { AccountDataPage } from '../features/account-data/account-data-page';
import '../components/ui/ui.css';

export function meta() {
  return [{ title: 'Your data | Ascent' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AccountDataRoute() {
  return <AccountDataPage />;
}
