/**
 * The theme button. Both icons are rendered and CSS shows the sun in dark mode and the moon in
 * light mode, so server HTML and hydration agree whatever the stored theme. A press before the
 * page has hydrated counts (lib/early-presses.ts).
 */
import { useTheme } from './theme-provider';

export function ThemeToggle() {
  const { toggleTheme } = useTheme();
  return (
    <button type="button" className="icon-button theme-toggle" aria-label="Toggle theme" onClick={toggleTheme}>
      <svg className="theme-icon-sun" data-icon="sun" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="4" fill="currentColor" />
        <path
          d="M12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4m11.4-11.4 1.4-1.4"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <svg className="theme-icon-moon" data-icon="moon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
    </button>
  );
}
