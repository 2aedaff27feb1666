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

  it('refuses production without SMTP, and OIDC without an audience', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'SMTP_URL is required when NODE_ENV=production',
    )
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' }).nodeEnv).toBe(
      'production',
    )
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      'OIDC_AUDIENCE is required when OIDC_ISSUER is set.',
    )
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
