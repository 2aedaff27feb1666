// Models of the sandbox module (the session shape is shared with auth, which issues the token).
export { SandboxSession } from '../auth/model'
