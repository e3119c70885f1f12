/**
 * The slow profile of a cheap phone on 3G, through the Chrome DevTools protocol: the CPU slowed
 * 4× (as Lighthouse's mobile preset does) and DevTools' "3G" network (562.5 ms round trip,
 * 1.44 Mbit/s down, 675 kbit/s up, each with DevTools' 0.9 factor).
 */
import type { Page } from '@playwright/test';

export const slowPhone = {
  cpuSlowdown: 4,
  latencyMs: 562.5,
  downloadBytesPerSecond: (1.44 * 1024 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (675 * 1024 * 0.9) / 8,
};

/** From now on `page` runs as on the slow phone (its next navigations included). */
export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowPhone.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slowPhone.latencyMs,
    downloadThroughput: slowPhone.downloadBytesPerSecond,
    uploadThroughput: slowPhone.uploadBytesPerSecond,
  });
}
