/** Theme state for the whole app: toggles light/dark, mirrors it on <html> and in storage. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { applyThemeClass, readStoredTheme, storeTheme, type Theme } from './theme-storage';

interface ThemeContextValue {
  theme: Theme;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | undefined>(undefined);

function initialTheme(): Theme {
  // On the server nothing is stored; in the browser the boot script already applied the class.
  return typeof window === 'undefined' ? 'light' : readStoredTheme(() => window.localStorage);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  const toggleTheme = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark';
      applyThemeClass(document.documentElement, next);
      storeTheme(() => window.localStorage, next);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context;
}
