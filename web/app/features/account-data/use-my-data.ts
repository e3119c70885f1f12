/**
 * The page's data, read in the browser with the customer's session once the page is up (a local
 * state, not a route loader: the public layout's parts that hydrate later must not hold the page
 * back); without a session the visitor goes to the sign-in screen and comes back.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { accountDataPath, signInThenBackTo } from '../../config/account-paths';
import { readMyData, type MyDataRead, type OpenRequest } from './api/read-my-data';

export type MyDataState = { state: 'loading' } | { state: 'failed' } | ({ state: 'ready' } & MyDataRead);

export function useMyData(): [MyDataState, (request: OpenRequest) => void] {
  const navigate = useNavigate();
  const [current, setCurrent] = useState<MyDataState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    readMyData().then(
      (read) => {
        if (!live) return;
        if (read) setCurrent({ state: 'ready', ...read });
        else void navigate(signInThenBackTo(accountDataPath), { replace: true });
      },
      (error: unknown) => {
        console.error('[account-data] could not read the data', error);
        if (live) setCurrent({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [navigate]);
  const requested = (request: OpenRequest) =>
    setCurrent((state) => (state.state === 'ready' ? { ...state, openRequest: request } : state));
  return [current, requested];
}
