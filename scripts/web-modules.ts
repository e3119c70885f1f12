/**
 * Lets a script import the website's own modules (web/app), whose relative imports name no
 * extension (Vite resolves them; node does not): a relative import that fails is tried again as
 * `.ts`, `.tsx` and `/index.ts`. Import this module before the first website module.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.')) throw error;
      for (const ending of ['.ts', '.tsx', '/index.ts']) {
        try {
          return next(specifier + ending, context);
        } catch {
          // The next ending, then the original error.
        }
      }
      throw error;
    }
  },
});
