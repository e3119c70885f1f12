/** useSession inside and outside its provider (rendered with React's server renderer: no DOM needed). */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionContextProvider, useSession } from './session-provider.tsx';

function ShowSession() {
  const { session, user, loading, error } = useSession();
  return createElement('output', null, JSON.stringify({ session, user, loading, error }));
}

describe('useSession', () => {
  it("throws 'useSession must be used within a SessionContextProvider' outside its provider", () => {
    expect(() => renderToString(createElement(ShowSession))).toThrow(
      new Error('useSession must be used within a SessionContextProvider'),
    );
  });

  it('inside the provider answers loading, with no session, user or error, before the first answer', () => {
    const html = renderToString(
      createElement(MemoryRouter, null, createElement(SessionContextProvider, null, createElement(ShowSession))),
    );
    expect(html).toContain(
      JSON.stringify({ session: null, user: null, loading: true, error: null }).replaceAll('"', '&quot;'),
    );
  });
});
