/** The frame of the sign-in and recovery screens: a card with the institute's name, the theme, a heading. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { useRootData } from '../lib/root-data';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const name = useRootData()?.settings.instituteName;
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__top">
          <Link to="/">{name ?? 'Home'}</Link>
          <ThemeToggle />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
