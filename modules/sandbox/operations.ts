// Sandbox operations: a sandbox session token lets anyone try the response shapes without an account.

import { createSandboxSession } from '../auth/credentials'
import { defineOperation } from '../shared/operation'
import { sandboxExamples } from './examples'
import { runHeroDemo } from './hero'
import { HeroBody, HeroDemo, SandboxSession } from './model'

export const sandboxSessionCreate = defineOperation(
  {
    id: 'sandbox.sessions.create',
    example: sandboxExamples['sandbox.sessions.create'],
    method: 'POST',
    path: '/sandbox/sessions',
    summary: 'Create a sandbox session (no account needed; 1 hour; sandbox operations only)',
    tags: ['Sandbox'],
    grant: null,
    output: SandboxSession,
    status: 201,
    errors: [429],
  },
  (_input, { app, request }) => createSandboxSession(app, request.ip),
)

export const sandboxHero = defineOperation(
  {
    id: 'sandbox.hero',
    example: sandboxExamples['sandbox.hero'],
    method: 'POST',
    path: '/sandbox/hero',
    summary: 'Run the deterministic, non-persistent multimodal demo on built-in synthetic data',
    description:
      'Analysis, action plan and dashboard spec of a made-up person (labs, wearables, genotype), with a fixed clock and fixed ids. Nothing is stored; the same body gives byte-identical output. An empty object is accepted.',
    tags: ['Sandbox'],
    grant: 'sandbox',
    body: HeroBody,
    output: HeroDemo,
  },
  ({ body }) => runHeroDemo(body),
)

export const sandboxOperations = [sandboxSessionCreate, sandboxHero]
