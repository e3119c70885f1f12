/** The frame of the sign-in and recovery screens: a card with the institute's logo, the theme, a heading. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { useRootData } from '../lib/root-data';
import { SiteLogo } from './site-logo';

/** `wide`: a page of content (the customer's account) rather than a short form. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const root = useRootData();
  return (
    <main id="main" className="auth-page">
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <div className="auth-card__top">
          <Link to="/" className="auth-card__brand">
            {root ? <SiteLogo name={root.settings.instituteName} logo={root.logo} className="brand-logo" /> : 'Home'}
          </Link>
          <ThemeToggle />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
