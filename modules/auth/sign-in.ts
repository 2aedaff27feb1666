// Passwordless sign-in: an e-mail with an 8-digit code and a link; either completes sign-in once.
// Codes are stored as argon2id hashes, expire in 10 minutes, are single-use and die after 5 wrong
// tries. Starts are rate-limited per address and per client; answers never reveal whether an account exists.

import { addSeconds } from '../shared/clock'
import type { AppContext } from '../shared/context'
import { hashSecret, newId, newSecret } from '../shared/ids'
import { ProblemError } from '../shared/problem'
import { createSession } from './credentials'
import * as repo from './repo'

export const CODE_TTL_SECONDS = 600
export const MAX_WRONG_CODES = 5
const START_PER_EMAIL = { limit: 5, windowSeconds: 900 }
const START_PER_IP = { limit: 20, windowSeconds: 900 }
const VERIFY_PER_IP = { limit: 30, windowSeconds: 900 }

const normalizeEmail = (email: string) => email.trim().toLowerCase()

/** A uniformly random 8-digit code (rejection sampling avoids modulo bias). */
function newCode(): string {
  const limit = Math.floor(0xffffffff / 1e8) * 1e8
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1))
    if (n < limit) return String(n % 1e8).padStart(8, '0')
  }
}

const hashCode = (code: string) =>
  Bun.password.hash(code, { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 })

export async function startSignIn(
  app: AppContext,
  input: { email: string; should_create_user?: boolean },
  clientIp: string | null,
) {
  const email = normalizeEmail(input.email)
  app.rateLimiter.hit(
    `otp-start:ip:${clientIp ?? 'unknown'}`,
    START_PER_IP,
    'sign-in requests from this address',
  )
  app.rateLimiter.hit(`otp-start:email:${email}`, START_PER_EMAIL, 'sign-in requests for this e-mail')
  const answer = {
    status: 'sent_if_allowed' as const,
    message: 'If this address can sign in, an e-mail with an 8-digit code and a sign-in link is on its way.',
    expires_in_seconds: CODE_TTL_SECONDS,
  }
  const existing = await repo.findUserByEmail(app.db, email)
  if (!existing && input.should_create_user === false) return answer

  const now = app.clock.now()
  const code = newCode()
  const linkToken = newSecret('')
  await repo.supersedeChallenges(app.db, email, now.toISOString())
  await repo.insertChallenge(app.db, {
    id: newId('otp', now.getTime()),
    email,
    code_hash: await hashCode(code),
    link_hash: hashSecret(linkToken),
    create_user: !existing,
    expires_at: addSeconds(now, CODE_TTL_SECONDS).toISOString(),
    created_at: now.toISOString(),
  })
  // The link opens the console, which signs the person in with one button; API clients can post the
  // same token to POST /auth/otp/link (GET /auth/otp/link still serves its page for older mails).
  const link = `${app.config.publicBaseUrl}/console/link?token=${encodeURIComponent(linkToken)}`
  await app.mailer.send({
    to: email,
    subject: 'Your Wellness Data Service sign-in code',
    text: [
      `Your sign-in code is ${code}`,
      '',
      `Or open this link to sign in: ${link}`,
      '',
      `The code and the link work once and expire in ${CODE_TTL_SECONDS / 60} minutes.`,
      'If you did not ask to sign in, ignore this message.',
    ].join('\n'),
  })
  return answer
}

const invalidCode = (
  detail = 'The code is wrong or has expired; request a new one with POST /auth/otp/start.',
) => new ProblemError('unauthorized', detail)

export async function verifySignInCode(
  app: AppContext,
  input: { email: string; token: string },
  clientIp: string | null,
) {
  app.rateLimiter.hit(
    `otp-verify:ip:${clientIp ?? 'unknown'}`,
    VERIFY_PER_IP,
    'sign-in attempts from this address',
  )
  const email = normalizeEmail(input.email)
  const now = app.clock.now()
  const challenge = await repo.latestOpenChallenge(app.db, email)
  if (!challenge || challenge.expires_at <= now.toISOString()) {
    // Same work and answer as a wrong code, so timing and text do not tell accounts apart.
    await Bun.password.verify(input.token, await dummy())
    throw invalidCode()
  }
  if (!(await Bun.password.verify(input.token, challenge.code_hash))) {
    const attempts = challenge.attempts + 1
    const exhausted = attempts >= MAX_WRONG_CODES
    await repo.recordWrongCode(app.db, challenge.id, attempts, exhausted ? now.toISOString() : null)
    throw invalidCode(
      exhausted
        ? 'Too many wrong codes; this code no longer works. Request a new one with POST /auth/otp/start.'
        : undefined,
    )
  }
  return completeSignIn(app, challenge)
}

export async function completeSignInLink(app: AppContext, linkToken: string) {
  const challenge = await repo.findChallengeByLink(app.db, hashSecret(linkToken))
  const now = app.clock.now().toISOString()
  if (!challenge || challenge.consumed_at || challenge.expires_at <= now) {
    throw invalidCode(
      'This sign-in link was already used or has expired; request a new one with POST /auth/otp/start.',
    )
  }
  return completeSignIn(app, challenge)
}

async function completeSignIn(app: AppContext, challenge: repo.OtpChallengeRow) {
  const now = app.clock.now()
  if (!(await repo.consumeChallenge(app.db, challenge.id, now.toISOString()))) throw invalidCode()
  let user = await repo.findUserByEmail(app.db, challenge.email)
  if (!user) {
    if (!challenge.create_user) throw invalidCode()
    user = await repo.insertUserWithWorkspace(
      app.db,
      { id: newId('usr', now.getTime()), email: challenge.email },
      newId('org', now.getTime()),
      now.toISOString(),
    )
    // No user id in the log: a deleted user must leave no trace there (privacy deletion).
    app.log.info('auth.user_created')
  }
  const session = await createSession(app, {
    user_id: user.id,
    organization_id: user.personal_organization_id,
  })
  return {
    access_token: session.token,
    token_type: 'bearer' as const,
    expires_at: session.expires_at,
    user: { id: user.id, email: user.email },
    organization_id: user.personal_organization_id,
  }
}

// A real argon2id hash of a random code, verified against when no challenge exists; made on first use.
let dummyHash: Promise<string> | null = null
const dummy = () => (dummyHash ??= hashCode(newCode()))
