/** The frame of the sign-in and recovery screens: a card with the institute's logo, the theme, a heading. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { useRootData } from '../lib/root-data';
import { SiteLogo } from './site-logo';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const settings = useRootData()?.settings;
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__top">
          <Link to="/" className="auth-card__brand">
            {settings ? <SiteLogo settings={settings} className="brand-logo" /> : 'Home'}
          </Link>
          <ThemeToggle />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
