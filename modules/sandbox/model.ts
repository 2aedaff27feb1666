// Models of the sandbox module (the session shape is shared with auth, which issues the token).
export { SandboxSession } from '../auth/model'

import { Type } from '@sinclair/typebox'
import { Analysis } from '../analyses/model'
import { ActionPlan } from '../analyses/plan-model'
import { DashboardSpec, Design } from '../dashboards/model'

export const HeroBody = Type.Object({
  design_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  max_actions: Type.Optional(Type.Integer({ minimum: 1, maximum: 25 })),
})

export const HeroDemo = Type.Object(
  {
    demo: Type.Literal(true),
    persisted: Type.Literal(false),
    generated_at: Type.String({ format: 'date-time' }),
    note: Type.String(),
    sources: Type.Array(
      Type.Object({
        id: Type.String(),
        modality: Type.String(),
        format: Type.String(),
        provider: Type.Union([Type.String(), Type.Null()]),
        created_at: Type.String({ format: 'date-time' }),
      }),
    ),
    analysis: Analysis,
    action_plan: ActionPlan,
    design: Design,
    dashboard_spec: DashboardSpec,
  },
  { $id: 'SandboxHeroDemo' },
)
