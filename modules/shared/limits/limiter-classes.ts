// The parts of rate-limiter-flexible this service uses, loaded one by one: the package's index loads
// every store it supports (MongoDB, MySQL, DynamoDB, etcd, Prisma, ...) at start-up, and a deployment
// needs the memory store and at most one shared one. The shared stores load with their configuration.

import type * as Library from 'rate-limiter-flexible'

export const RateLimiterRes: typeof Library.RateLimiterRes = require('rate-limiter-flexible/lib/RateLimiterRes')
export const RateLimiterMemory: typeof Library.RateLimiterMemory = require('rate-limiter-flexible/lib/RateLimiterMemory')
export const redisLimiter = (): typeof Library.RateLimiterRedis =>
  require('rate-limiter-flexible/lib/RateLimiterRedis')
export const postgresLimiter = (): typeof Library.RateLimiterPostgres =>
  require('rate-limiter-flexible/lib/RateLimiterPostgres')
