import UAParser from 'ua-parser-js'
import type { DeviceType } from '../../shared/constants'

export type Device = { deviceType: DeviceType; browser: string; operatingSystem: string }

const DESKTOP_OS = /^(windows|mac ?os|linux|ubuntu|debian|fedora|chrom(e|ium) ?os|freebsd|openbsd)/i

// ua-parser-js 1.x (MIT; 2.x is AGPL-3.0) still says "Mac OS" and names mobile Chrome and
// Firefox like their desktop versions; the admin sees today's names, as 2.x reports them.
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS' }
const MOBILE_BROWSERS: Record<string, string> = {
  Chrome: 'Mobile Chrome',
  Firefox: 'Mobile Firefox',
}

/**
 * Device details as the admin sees them, derived on the server from the User-Agent (the client
 * cannot claim another device). ua-parser leaves `device.type` empty for desktops, so a known
 * desktop OS or browser without a device type counts as Desktop; consoles, TVs, bots → Others.
 */
export function parseUserAgent(ua: string | undefined | null): Device {
  const text = (ua ?? '').slice(0, 512)
  if (!text.trim()) return { deviceType: 'Others', browser: 'Unknown', operatingSystem: 'Unknown' }
  const r = UAParser(text)
  const type = r.device.type
  const handheld = type === 'mobile' || type === 'tablet'
  const browserName = (handheld && MOBILE_BROWSERS[r.browser.name ?? '']) || r.browser.name
  const osName = OS_NAMES[r.os.name ?? ''] ?? r.os.name
  const browser = [browserName, r.browser.major].filter(Boolean).join(' ') || 'Unknown'
  const operatingSystem = [osName, r.os.version].filter(Boolean).join(' ') || 'Unknown'
  const deviceType: DeviceType =
    type === 'mobile'
      ? 'Mobile'
      : type === 'tablet'
        ? 'Tablet'
        : !type && (DESKTOP_OS.test(r.os.name ?? '') || (r.browser.name && r.os.name))
          ? 'Desktop'
          : 'Others'
  return {
    deviceType,
    browser: browser.slice(0, 64),
    operatingSystem: operatingSystem.slice(0, 64),
  }
}
