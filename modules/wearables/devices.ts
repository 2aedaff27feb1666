// Devices and apps that record wearable data: a stable key for each, and the order in which they are
// trusted when several record the same thing on the same day. A ring or strap worn all night measures
// sleep and HRV better than a phone; for steps a wrist device beats a phone that stays on the desk.

/** Stable device keys from the names exports use ("Jane's Apple Watch", "iPhone 15", "Oura Ring"). */
export function deviceKey(name: string | null | undefined): string | null {
  if (!name) return null
  const n = name.toLowerCase()
  if (n.includes('watch') && (n.includes('apple') || !/(galaxy|samsung|garmin|fitbit|pixel)/.test(n)))
    return 'apple_watch'
  if (n.includes('iphone')) return 'iphone'
  if (n.includes('oura')) return 'oura'
  if (n.includes('whoop')) return 'whoop'
  if (n.includes('garmin')) return 'garmin'
  if (n.includes('fitbit')) return 'fitbit'
  if (n.includes('polar')) return 'polar'
  if (n.includes('withings')) return 'withings'
  if (n.includes('galaxy') || n.includes('samsung')) return 'samsung'
  if (n.includes('pixel watch')) return 'pixel_watch'
  if (n.includes('health connect') || n.includes('health_connect')) return 'health_connect'
  if (n.includes('google fit')) return 'google_fit'
  if (n.includes('phone') || n.includes('android')) return 'phone'
  return n.replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || null
}

const WORN_AT_NIGHT = [
  'oura',
  'whoop',
  'apple_watch',
  'garmin',
  'fitbit',
  'samsung',
  'pixel_watch',
  'polar',
  'withings',
]
const WRIST_FIRST = [
  'apple_watch',
  'garmin',
  'fitbit',
  'samsung',
  'pixel_watch',
  'whoop',
  'oura',
  'polar',
  'withings',
]
const PHONES = ['iphone', 'phone', 'health_connect', 'google_fit']

/** Metrics measured best by a device worn overnight; everything else prefers the wrist. */
const NIGHT_METRICS = new Set([
  'resting_heart_rate',
  'hrv_rmssd',
  'hrv_sdnn',
  'sleep_duration',
  'sleep_efficiency',
  'sleep_deep',
  'sleep_rem',
  'sleep_light',
  'sleep_awake',
  'respiratory_rate',
  'temperature_deviation',
  'spo2',
])

/**
 * Suffix of a device whose data came through the Android health hub rather than from the device's own
 * path (its app's server sync or upload): `oura.via_health_connect`. It ranks just after the device
 * itself, so the hub's copy of the same data fills gaps but never adds to it.
 */
export const VIA_HUB = '.via_health_connect'

/** Rank of a device for a metric: lower is more trusted; unknown devices come after known ones. */
export function devicePriority(metric: string, device: string | null): number {
  if (device?.endsWith(VIA_HUB)) return devicePriority(metric, device.slice(0, -VIA_HUB.length)) + 0.5
  const order = [...(NIGHT_METRICS.has(metric) ? WORN_AT_NIGHT : WRIST_FIRST), ...PHONES]
  const rank = device ? order.indexOf(device) : -1
  return rank === -1 ? order.length + (device ? 0 : 1) : rank
}
