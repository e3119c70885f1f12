import { describe, expect, it } from 'vitest';
import { applyThemeClass, readStoredTheme, storeTheme, themeBootScript } from './theme-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

function fakeRoot(classes: string[] = []) {
  const set = new Set(classes);
  return {
    classList: {
      add: (c: string) => void set.add(c),
      remove: (c: string) => void set.delete(c),
    },
    set,
  };
}

describe('theme preference', () => {
  it('starts dark only when the stored value is exactly dark', () => {
    expect(readStoredTheme(() => memoryStorage({ theme: 'dark' }))).toBe('dark');
    for (const stored of ['light', 'DARK', 'dark ', '{"theme":"dark"}', '']) {
      expect(readStoredTheme(() => memoryStorage({ theme: stored }))).toBe('light');
    }
    expect(readStoredTheme(() => memoryStorage())).toBe('light');
  });

  it('falls back to light when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredTheme(() => broken)).toBe('light');
  });

  it('falls back to light, and stores nothing, where reading the storage itself is denied (a framed page)', () => {
    const denied = () => {
      throw new Error("SecurityError: Failed to read the 'localStorage' property from 'Window'");
    };
    expect(readStoredTheme(denied)).toBe('light');
    expect(() => storeTheme(denied, 'dark')).not.toThrow();
  });

  it('stores the choice under the key theme', () => {
    const storage = memoryStorage();
    storeTheme(() => storage, 'dark');
    expect(storage.data.get('theme')).toBe('dark');
  });

  it('puts the matching class on the root and removes the other', () => {
    const root = fakeRoot(['light', 'other']);
    applyThemeClass(root, 'dark');
    expect([...root.set].sort()).toEqual(['dark', 'other']);
    applyThemeClass(root, 'light');
    expect([...root.set].sort()).toEqual(['light', 'other']);
  });

  it('boot script applies the same rule before first paint', () => {
    for (const [stored, expected] of [
      ['dark', 'dark'],
      ['light', 'light'],
      ['garbage', 'light'],
    ] as const) {
      const root = fakeRoot(['dark']);
      const run = new Function('localStorage', 'document', themeBootScript);
      run(memoryStorage({ theme: stored }), { documentElement: root });
      expect([...root.set]).toEqual([expected]);
    }
  });
});
