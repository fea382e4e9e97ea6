import UAParser from 'ua-parser-js'

// The device fields of Appwrite's session model. Appwrite uses Matomo's DeviceDetector; we derive
// the same fields from ua-parser-js, with Matomo's short codes for the common platforms.
const OS_CODES: Record<string, string> = {
  Windows: 'WIN',
  macOS: 'MAC',
  'Mac OS': 'MAC',
  iOS: 'IOS',
  Android: 'AND',
  Linux: 'LIN',
  Ubuntu: 'UBT',
  Debian: 'DEB',
  Fedora: 'FED',
  'Chrome OS': 'COS',
  'Chromium OS': 'COS',
}
const CLIENT_CODES: Record<string, string> = {
  Chrome: 'CH',
  'Chrome Headless': 'CH',
  Chromium: 'CR',
  Firefox: 'FF',
  Safari: 'SF',
  'Mobile Safari': 'MF',
  Edge: 'PS',
  Opera: 'OP',
  'Samsung Internet': 'SB',
}

export type DeviceFields = {
  osCode: string
  osName: string
  osVersion: string
  clientType: string
  clientCode: string
  clientName: string
  clientVersion: string
  clientEngine: string
  clientEngineVersion: string
  deviceName: string
  deviceBrand: string
  deviceModel: string
}

export function deviceFields(userAgent: string): DeviceFields {
  const r = UAParser(userAgent.slice(0, 512))
  const browser = r.browser.name ?? ''
  return {
    osCode: OS_CODES[r.os.name ?? ''] ?? '',
    osName: r.os.name ?? '',
    osVersion: r.os.version ?? '',
    clientType: browser ? 'browser' : '',
    clientCode: CLIENT_CODES[browser] ?? '',
    clientName: browser,
    clientVersion: r.browser.version ?? '',
    clientEngine: r.engine.name ?? '',
    clientEngineVersion: r.engine.version ?? '',
    // Matomo calls a device without a type a desktop when it runs a desktop browser.
    deviceName: r.device.type ?? (browser ? 'desktop' : ''),
    deviceBrand: r.device.vendor ?? '',
    deviceModel: r.device.model ?? '',
  }
}
