// The catalog of dashboard designs: how a renderer lays out a dashboard spec. A design never changes
// what is shown, only its order, columns and density.

import type { Design } from './model'

export const DESIGNS: readonly Design[] = [
  {
    id: 'clinical_summary',
    name: 'Clinical summary',
    layout: {
      columns: 2,
      density: 'comfortable',
      theme: 'light',
      section_order: ['overview', 'flags', 'actions', 'biomarkers', 'wearables', 'genetics', 'references'],
      chart_height: 180,
    },
  },
  {
    id: 'compact_mobile',
    name: 'Compact (phone)',
    layout: {
      columns: 1,
      density: 'compact',
      theme: 'light',
      section_order: ['overview', 'flags', 'actions', 'wearables', 'biomarkers', 'genetics', 'references'],
      chart_height: 140,
    },
  },
  {
    id: 'trends_focus',
    name: 'Trends first',
    layout: {
      columns: 1,
      density: 'comfortable',
      theme: 'light',
      section_order: ['wearables', 'biomarkers', 'overview', 'flags', 'actions', 'genetics', 'references'],
      chart_height: 220,
    },
  },
]

export const designById = (id: string) => DESIGNS.find((d) => d.id === id)
