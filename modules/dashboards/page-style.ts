// The stylesheet of the dashboard page: phone first (one column), two columns from tablet width, a
// dark scheme when the reader's system asks for one, and a print layout that opens every collapsed
// part so "print to PDF" gives a clinician the whole report.

import type { Design } from './model'

export function pageStyle(design: Design): string {
  const compact = design.layout.density === 'compact'
  return `
:root{--bg:#f6f8fa;--card:#fff;--ink:#1b1f24;--muted:#57606a;--line:#d0d7de;--bad:#a40e26;--bad-bg:#ffebe9;--good:#116329;--good-bg:#dafbe1;--ok:#0a3069;--ok-bg:#ddf4ff;--warn:#7d4e00;--warn-bg:#fff8c5;--z-out:#f3d3cf;--z-normal:#c8d8ea;--z-optimal:#7cc68d;--mark:#1b1f24;--spark:#1f6feb;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--ink:#e6edf3;--muted:#9da7b3;--line:#30363d;--bad:#ffa198;--bad-bg:#4a1216;--good:#7ee787;--good-bg:#0f3a1c;--ok:#a5d6ff;--ok-bg:#0c2d4e;--warn:#f2cc60;--warn-bg:#3b2e05;--z-out:#5a2a27;--z-normal:#2d4a6b;--z-optimal:#2f7a3f;--mark:#e6edf3;--spark:#58a6ff}}
*{box-sizing:border-box}
body{margin:0;font:${compact ? 15 : 16}px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:64rem;margin:0 auto;padding:${compact ? '.6rem' : '.9rem'};overflow-wrap:anywhere}
h1{font-size:1.3rem;margin:.2rem 0}h2{font-size:1.1rem;margin:1.2rem 0 .5rem}h3{font-size:1rem;margin:0}
a{color:var(--ok)}
.sub,.legend,.when,.from,.note{color:var(--muted);font-size:.85rem;margin:.2rem 0}
.headline{font-size:1.1rem;font-weight:600;margin:.6rem 0;padding:.7rem .8rem;border-radius:.5rem;background:var(--card);border:1px solid var(--line)}
.headline.attention{border-left:.35rem solid var(--warn)}.headline.urgent{border-left:.35rem solid var(--bad);background:var(--bad-bg)}
nav ul{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0;margin:.4rem 0}
nav a{display:inline-block;padding:.25rem .6rem;border:1px solid var(--line);border-radius:1rem;background:var(--card);text-decoration:none;font-size:.85rem}
.urgent-panel{background:var(--bad-bg);border:2px solid var(--bad);border-radius:.5rem;padding:.7rem .8rem;margin:.6rem 0}
.urgent-panel h2{color:var(--bad);margin-top:0}
ol.focus{padding-left:1.3rem;margin:.3rem 0}ol.focus li{margin:.35rem 0}
.grid{display:grid;gap:${compact ? '.45rem' : '.6rem'};grid-template-columns:1fr}
@media (min-width:48rem){.grid{grid-template-columns:repeat(${Math.max(2, design.layout.columns)},minmax(0,1fr))}}
.card{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:${compact ? '.5rem .65rem' : '.6rem .8rem'}}
.card header{display:flex;justify-content:space-between;gap:.5rem;align-items:baseline}
.value{font-size:1.35rem;font-weight:600;margin:.15rem 0}.value small{font-size:.85rem;color:var(--muted);font-weight:400}
.stale .value{color:var(--muted)}
.badge{font-size:.75rem;padding:.1rem .5rem;border-radius:1rem;white-space:nowrap}
.bad{background:var(--bad-bg);color:var(--bad)}.good{background:var(--good-bg);color:var(--good)}.ok{background:var(--ok-bg);color:var(--ok)}.muted{background:var(--bg);color:var(--muted)}.warn{background:var(--warn-bg);color:var(--warn)}
svg.zones{display:block;width:100%;height:.7rem;margin:.3rem 0 0}
.zones .z-out{fill:var(--z-out)}.zones .z-normal{fill:var(--z-normal)}.zones .z-optimal{fill:var(--z-optimal)}.zones .z-mark{fill:var(--mark)}
.legend{font-size:.78rem}
.trend{display:flex;align-items:center;gap:.5rem}
svg.spark{width:5rem;height:1.3rem;flex:none}svg.spark polyline{fill:none;stroke:var(--spark);stroke-width:1.5;vector-effect:non-scaling-stroke}
details{margin:.3rem 0}summary{cursor:pointer}
details.system{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.45rem .7rem;margin:.45rem 0}
details.system>summary{font-weight:600}details.system[open]>summary{margin-bottom:.45rem}
details.more{font-size:.9rem}
ul.plain{list-style:none;padding:0;margin:.3rem 0}ul.plain li{margin:.3rem 0}
footer{color:var(--muted);font-size:.85rem;margin-top:1.5rem}footer li{margin:.25rem 0}
@media print{
:root{--bg:#fff;--card:#fff;--ink:#000;--muted:#333;color-scheme:light}
nav{display:none}
main{max-width:none;padding:0}
details>*{display:block}details::details-content{display:block;content-visibility:visible}
details.system,.card,.urgent-panel{break-inside:avoid}
.grid{grid-template-columns:repeat(2,minmax(0,1fr))}
}
`
}
