/**
 * A statement the server writes in every page's first inline script, before any module can load
 * (root.tsx): zod then runs `jitless`. Otherwise zod finds out whether it may compile parsers with `new Function` by
 * trying, and under the site's CSP that try is blocked and reported as a violation. The parsers
 * are the same, interpreted; zod reads this global when it loads.
 */
export const zodJitlessScript = 'globalThis.__zod_globalConfig={jitless:true};';
