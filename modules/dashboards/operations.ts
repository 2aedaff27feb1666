// Operations of the dashboards module: the design catalog, dashboard specs, private dashboard links
// (create, list, revoke) and the page a link opens.

import { Type } from '@sinclair/typebox'
import { defineOperation } from '../shared/operation'
import { pageOf } from '../shared/pagination'
import { scopeOf } from '../shared/principal'
import { CREATES, READS, REMOVES } from '../shared/tool-annotations'
import { dashboardsExamples } from './examples'
import {
  DashboardLink,
  DashboardLinkBody,
  DashboardLinkIdParams,
  DashboardLinkListQuery,
  DashboardLinkSummary,
  DashboardPageParams,
  DashboardSpec,
  DashboardSpecParams,
  DesignList,
} from './model'
import {
  createDashboardLink,
  dashboardPage,
  getDashboardSpec,
  listDashboardLinks,
  listDesigns,
  revokeDashboardLink,
} from './service'

const tags = ['Dashboards']

export const designsList = defineOperation(
  {
    id: 'dashboards.designs',
    example: dashboardsExamples['dashboards.designs'],
    method: 'GET',
    path: '/designs',
    summary: 'The catalog of dashboard designs (id, name, layout)',
    tags,
    grant: 'analyses',
    output: DesignList,
    mcp: { tool: 'list_dashboard_designs', annotations: READS },
  },
  () => listDesigns(),
)

export const dashboardSpecGet = defineOperation(
  {
    id: 'dashboards.spec',
    example: dashboardsExamples['dashboards.spec'],
    method: 'GET',
    path: '/dashboard-specs/:analysis_id',
    summary:
      'Renderer-neutral dashboard spec of an analysis: sections, cards, charts with series and thresholds',
    tags,
    grant: 'analyses',
    params: DashboardSpecParams,
    output: DashboardSpec,
    mcp: { tool: 'get_dashboard_spec', annotations: READS },
    x402: {
      price: '0.01',
      tags: ['dashboard', 'analysis'],
    },
  },
  ({ params }, { app, principal }) => getDashboardSpec(app, scopeOf(principal), params.analysis_id),
)

export const dashboardLinkCreate = defineOperation(
  {
    id: 'dashboards.links.create',
    example: dashboardsExamples['dashboards.links.create'],
    method: 'POST',
    path: '/dashboard-links',
    summary: 'Create an expiring private dashboard URL for an analysis',
    description:
      'The URL carries a random bearer token (stored only as a hash) and opens a self-contained page of the dashboard as it is now. It stops working at expires_at or when revoked.',
    tags,
    grant: 'analyses',
    body: DashboardLinkBody,
    output: DashboardLink,
    status: 201,
    errors: [404],
    mcp: { tool: 'create_dashboard_link', annotations: CREATES },
  },
  ({ body }, { app, principal }) => createDashboardLink(app, scopeOf(principal), body),
)

export const dashboardLinkList = defineOperation(
  {
    id: 'dashboards.links.list',
    example: dashboardsExamples['dashboards.links.list'],
    method: 'GET',
    path: '/dashboard-links',
    summary: 'List the caller’s dashboard links (without their URLs), newest first',
    tags,
    grant: 'analyses',
    query: DashboardLinkListQuery,
    output: pageOf(DashboardLinkSummary),
    mcp: { tool: 'list_dashboard_links', annotations: READS },
  },
  ({ query }, { app, principal }) => listDashboardLinks(app, scopeOf(principal), query),
)

export const dashboardLinkRevoke = defineOperation(
  {
    id: 'dashboards.links.revoke',
    example: dashboardsExamples['dashboards.links.revoke'],
    method: 'POST',
    path: '/dashboard-links/:id/revoke',
    summary: 'Revoke a dashboard link; its URL stops working at once',
    tags,
    grant: 'analyses',
    outsideAllowance: 'Revoking access stays available whatever the plan.',
    params: DashboardLinkIdParams,
    output: DashboardLinkSummary,
    mcp: { tool: 'revoke_dashboard_link', annotations: REMOVES },
  },
  ({ params }, { app, principal }) => revokeDashboardLink(app, scopeOf(principal), params.id),
)

export const dashboardPageGet = defineOperation(
  {
    id: 'dashboards.page',
    example: dashboardsExamples['dashboards.page'],
    method: 'GET',
    path: '/dashboards/:token',
    summary: 'The page a dashboard URL opens (private by possession of the URL)',
    description:
      'Self-contained HTML (inline SVG charts, no scripts or external resources), `Cache-Control: no-store`, `noindex`. 404 for an unknown URL, 410 once it expired or was revoked.',
    tags,
    grant: null,
    params: DashboardPageParams,
    output: Type.String(),
    produces: 'text/html',
    errors: [404, 410],
  },
  ({ params }, { app }) => dashboardPage(app, params.token),
)

export const dashboardsOperations = [
  designsList,
  dashboardSpecGet,
  dashboardLinkCreate,
  dashboardLinkList,
  dashboardLinkRevoke,
  dashboardPageGet,
]
