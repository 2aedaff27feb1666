// @wellness-data/mobile-bridge: normalize phone health samples and upload them to a Wellness Data
// Service (POST /connections/wearables/records). See the service README, "Mobile bridge".

export { BridgeClient, BridgeError, type BridgeOptions } from './client'
export { fromHealthConnect, fromReactNativeHealth, fromSamsungHealth } from './normalize'
export * from './types'
