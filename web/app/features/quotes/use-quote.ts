/** The quote behind a link, read from the visitor's browser once the page is shown; `reload` reads it again. */
import { useCallback, useEffect, useState } from 'react';
import { lookUpQuote, type QuoteLookup } from './quote-api';

export function useQuote(token: string): { lookup: QuoteLookup | null; reload: () => void } {
  const [lookup, setLookup] = useState<QuoteLookup | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    void lookUpQuote(token).then((answer) => {
      if (current) setLookup(answer);
    });
    return () => {
      current = false;
    };
  }, [token, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { lookup, reload };
}
