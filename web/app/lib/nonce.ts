/**
 * This render's CSP nonce, for inline scripts the app writes itself (the theme boot script): set by
 * entry.server.tsx on the server; undefined in the browser, which hides nonces from the DOM anyway.
 */
import { createContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);
