// Sandbox operations: a sandbox session token lets anyone try the response shapes without an account.

import { createSandboxSession } from '../auth/credentials'
import { defineOperation } from '../shared/operation'
import { SandboxSession } from './model'

export const sandboxSessionCreate = defineOperation(
  {
    id: 'sandbox.sessions.create',
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

export const sandboxOperations = [sandboxSessionCreate]
