// Configuration is parsed once from the environment; a bad value stops the start naming the variable.

import { describe, expect, it } from 'bun:test'
import { resolve } from 'node:path'
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../../modules/shared/config'

describe('loadConfig', () => {
  it('starts on embedded defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.dataDir).toBe(resolve('./data'))
    expect(config.databaseUrl).toBe(`file:${resolve('./data')}/wellness.db`)
    expect(config.publicBaseUrl).toBe('http://localhost:3000')
    expect(config.smtpUrl).toBeNull()
    expect(config.oidc).toBeNull()
    expect(config.nodeEnv).toBe('development')
    expect(Object.isFrozen(config)).toBe(true)
  })

  it('puts the database under DATA_DIR unless DATABASE_URL says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/wds' }).databaseUrl).toBe('file:/srv/wds/wellness.db')
    expect(loadConfig({ DATA_DIR: '/srv/wds', DATABASE_URL: 'libsql://db.example.com' }).databaseUrl).toBe(
      'libsql://db.example.com',
    )
  })

  it('names the variable of a malformed value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('PORT must be a whole number, got "eighty".'),
    )
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(
      'NODE_ENV must be one of development, production, test',
    )
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow('SMTP_URL must be a URL.')
    expect(() => loadConfig({ WHOOP_CLIENT_ID: 'x' })).toThrow(
      'WHOOP_CLIENT_ID and WHOOP_CLIENT_SECRET must be set together.',
    )
  })

  it('refuses production without SMTP or PUBLIC_BASE_URL, and OIDC without an audience', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'SMTP_URL is required when NODE_ENV=production',
    )
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      'PUBLIC_BASE_URL is required when NODE_ENV=production',
    )
    const production = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_BASE_URL: 'https://health.example.com/',
    })
    expect(production.nodeEnv).toBe('production')
    expect(production.publicBaseUrl).toBe('https://health.example.com')
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      'OIDC_AUDIENCE is required when OIDC_ISSUER is set.',
    )
  })

  it('binds to loopback unless HOST says otherwise, and checks HOST', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ HOST: '::' }).host).toBe('::')
    expect(loadConfig({ HOST: 'localhost' }).host).toBe('localhost')
    expect(() => loadConfig({ HOST: 'not-a-host' })).toThrow(/^HOST must be an IP address to listen on/)
    expect(() => loadConfig({ HOST: '300.1.1.1' })).toThrow(/^HOST must be/)
  })

  it('accepts only the URL schemes each variable can use', () => {
    expect(() => loadConfig({ DATABASE_URL: 'garbage' })).toThrow('DATABASE_URL must be a URL.')
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db/wds' })).toThrow(
      'DATABASE_URL must be a file:, libsql:, http:, https:, ws:, wss: URL, got a postgres: URL.',
    )
    expect(loadConfig({ DATABASE_URL: 'libsql://db.example.com' }).databaseUrl).toBe(
      'libsql://db.example.com',
    )
    expect(() => loadConfig({ QUEUE_DATABASE_URL: 'mysql://db/x' })).toThrow(
      'QUEUE_DATABASE_URL must be a postgres:, postgresql: URL',
    )
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL must be a smtp:, smtps: URL',
    )
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://x.example.com' })).toThrow(
      'PUBLIC_BASE_URL must be a http:, https: URL',
    )
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'https://x.example.com/?a=1' })).toThrow(
      'PUBLIC_BASE_URL must be a plain base URL',
    )
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://a.example.com/path' })).toThrow(
      /^ALLOWED_ORIGINS must list/,
    )
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://a.example.com, http://b.example.com:8080' }).allowedOrigins,
    ).toEqual(['https://a.example.com', 'http://b.example.com:8080'])
  })

  it('refuses placeholder secrets without repeating them', () => {
    try {
      loadConfig({ WHOOP_CLIENT_ID: 'id', WHOOP_CLIENT_SECRET: 'abc' })
      throw new Error('expected a ConfigError')
    } catch (error) {
      expect((error as Error).message).toBe(
        'WHOOP_CLIENT_SECRET is too short to be real (at least 8 characters); set the real value or leave it unset.',
      )
    }
  })

  it('never puts a secret into an error message', () => {
    try {
      loadConfig({ SMTP_URL: 'smtp//user:hunter2@mail.example.com' })
      throw new Error('expected a ConfigError')
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2')
    }
  })

  it('documents every variable', () => {
    for (const v of CONFIG_VARIABLES) expect(v.description.length).toBeGreaterThan(10)
  })
})
