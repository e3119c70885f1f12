import type { Config } from '@react-router/dev/config';

/** Server-rendered and hydrated: every public page is real HTML before any JavaScript runs. */
export default {
  ssr: true,
  appDirectory: 'app',
} satisfies Config;
