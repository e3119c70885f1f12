/**
 * The stored theme preference (key `theme`): dark only when the stored value is exactly 'dark'.
 * Storage comes through a getter: reading `window.localStorage` itself throws where the browser
 * denies storage (a page framed by another site, such as the Studio's preview).
 */
export type Theme = 'light' | 'dark';

export const themeStorageKey = 'theme';

export function readStoredTheme(storage: () => Pick<Storage, 'getItem'> | undefined): Theme {
  try {
    return storage()?.getItem(themeStorageKey) === 'dark' ? 'dark' : 'light';
  } catch {
    // Storage can throw (privacy modes, quota): fall back to the default.
    return 'light';
  }
}

export function storeTheme(storage: () => Pick<Storage, 'setItem'> | undefined, theme: Theme): void {
  try {
    storage()?.setItem(themeStorageKey, theme);
  } catch {
    // Not persisting is better than breaking the toggle.
  }
}

/** The matching class goes on the document root and the other one comes off. */
export function applyThemeClass(root: { classList: Pick<DOMTokenList, 'add' | 'remove'> }, theme: Theme): void {
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
}

/**
 * Runs inline in <head> before the first paint, so a stored dark theme never flashes light.
 * Kept in sync with readStoredTheme/applyThemeClass above (tested together).
 */
export const themeBootScript = `(function(){var t='light';try{if(localStorage.getItem('${themeStorageKey}')==='dark')t='dark'}catch(e){}var c=document.documentElement.classList;c.remove(t==='dark'?'light':'dark');c.add(t)})()`;
