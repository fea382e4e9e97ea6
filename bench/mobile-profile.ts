import type { Page } from 'playwright-core'

export type Profile = 'loopback' | 'mobile'

export const PROFILE_LABEL: Record<Profile, string> = {
  loopback: 'loopback',
  mobile: 'mobile profile (150 ms RTT, 1.6/0.75 Mbps, CPU 4×)',
}

// Lighthouse's mobile settings: 150 ms RTT, 1.6 Mbps down, 750 Kbps up, CPU slowed 4×.
// https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md
const MOBILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

/** Applies the profile to a fresh page through CDP (Chromium only), before it navigates. */
export async function applyProfile(page: Page, profile: Profile): Promise<void> {
  if (profile === 'loopback') return
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', MOBILE)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}
