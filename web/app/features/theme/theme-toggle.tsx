/**
 * The theme button. Both icons are rendered (drawn by CSS, styles/global.css) and CSS shows the
 * sun in dark mode and the moon in light mode, so server HTML and hydration agree whatever the stored theme. A press before the
 * page has hydrated counts (lib/early-presses.ts). `data-icon` names each for the tests.
 */
import { useTheme } from './theme-provider';

export function ThemeToggle() {
  const { toggleTheme } = useTheme();
  return (
    <button type="button" className="icon-button theme-toggle" aria-label="Toggle theme" onClick={toggleTheme}>
      <span className="icon icon--sun theme-icon-sun" data-icon="sun" aria-hidden="true" />
      <span className="icon icon--moon theme-icon-moon" data-icon="moon" aria-hidden="true" />
    </button>
  );
}
