-- The replay page's template: HTML, CSS and JavaScript as Lua long strings.
-- lib.replay fills in the title and the events (JSON) and returns one
-- self-contained file: no network, no CDN, opens from disk.
--
-- The page reads only the event log (docs/replay-events.md), so it draws any
-- ruleset's battle. A few Phalanx kinds get a nicer one-line text; any other
-- kind gets a generic line. Arrows come from field names: shooter -> target
-- (shot), attacker <-> defender (melee), units/unit -> target (charge, or an
-- action), and the movement kinds in MOTION (recoil, evade ...) from where the
-- unit stood before its moves to where it ended.
--
-- Test hooks: the URL fragment (#turn=1, #seq=42, #end, #unit=7, #play=20) sets the
-- position on load; <body data-ready="1" data-errors="N"> says the page ran
-- and how many script errors it met; each unit is a <g class="unit"> with
-- data-unit, data-x, data-y, data-facing, data-strength and data-removed.
local page = {}

page.head = [==[<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="@CSP@">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="sandtable replay">
<title>@TITLE@</title>
<script>
// Count script errors before anything else runs (the browser tests read it).
window.__replayErrors = [];
window.addEventListener("error", function (e) {
  window.__replayErrors.push(String(e.message || e));
  if (document.body) document.body.setAttribute("data-errors", String(window.__replayErrors.length));
});
</script>
<style>
:root {
  --ink: #2a2620; --paper: #f3eee3; --panel: #fbf8f1; --line: #d8cfbd; --muted: #7a705f;
  --accent: #9c3d1c; --current: #ffe7a3; --header: #2f2b24;
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 14px/1.4 "Segoe UI", "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--paper);
  display: flex; flex-direction: column; }
header { background: var(--header); color: #f3e9d2; padding: 8px 16px; display: flex; align-items: baseline; gap: 18px;
  flex-wrap: wrap; }
header h1 { font: 600 19px/1.2 Georgia, "Times New Roman", serif; margin: 0; letter-spacing: .3px; }
header .summary { color: #d9cdb2; font-size: 13px; }
header .summary b { color: #fff; }
main { flex: 1; display: flex; min-height: 0; }
#mapcol { flex: 1; display: flex; flex-direction: column; min-width: 0; padding: 10px 12px; gap: 8px; }
#mapwrap { flex: 1; min-height: 260px; position: relative; background: #e9e2d2; border: 1px solid var(--line);
  border-radius: 6px; overflow: hidden; }
#map { width: 100%; height: 100%; display: block; }
#controls { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
.row { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
button { font: inherit; min-width: 34px; height: 30px; border: 1px solid #b9ac92; border-radius: 5px;
  background: linear-gradient(#fffdf8, #efe7d6); color: var(--ink); cursor: pointer; padding: 0 8px; }
button:hover { background: #fff; border-color: var(--accent); }
button.play { min-width: 74px; font-weight: 600; color: #fff; background: linear-gradient(#b6532c, #8d3615);
  border-color: #7a2e10; }
select { font: inherit; height: 30px; border: 1px solid #b9ac92; border-radius: 5px; background: #fffdf8; }
#where { margin-left: auto; font-variant-numeric: tabular-nums; color: var(--muted); }
#where b { color: var(--ink); }
#slider { width: 100%; margin: 8px 0 2px; accent-color: var(--accent); }
#turnticks { position: relative; height: 14px; font-size: 10.5px; color: var(--muted); }
#turnticks span { position: absolute; transform: translateX(-1px); border-left: 1px solid #b9ac92; padding-left: 2px;
  line-height: 14px; cursor: pointer; white-space: nowrap; }
#phasebar { display: flex; height: 22px; border-radius: 4px; overflow: hidden; border: 1px solid var(--line);
  cursor: pointer; }
#phasebar div { height: 100%; border-right: 1px solid rgba(255,255,255,.6); font-size: 10px; color: #fff;
  overflow: hidden; white-space: nowrap; padding-left: 2px; line-height: 21px; text-shadow: 0 0 2px rgba(0,0,0,.6); }
#phasebar div.on { outline: 2px solid var(--ink); outline-offset: -2px; }
#legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 12px; color: var(--muted); }
#legend span.sw { display: inline-block; width: 14px; height: 10px; border: 1px solid rgba(0,0,0,.35);
  vertical-align: -1px; margin-right: 4px; border-radius: 2px; }
#legend span.ar { display: inline-block; width: 18px; height: 0; border-top: 3px solid; vertical-align: 3px;
  margin-right: 4px; box-shadow: 0 0 0 1px rgba(0,0,0,.3); }
#legend label { cursor: pointer; }
aside { width: 400px; max-width: 42vw; display: flex; flex-direction: column; border-left: 1px solid var(--line);
  background: var(--panel); min-height: 0; }
#unitpanel { padding: 10px 12px; border-bottom: 1px solid var(--line); max-height: 44%; overflow: auto; }
#unitpanel h2 { font: 600 15px Georgia, serif; margin: 0 0 4px; }
#unitpanel .hint { color: var(--muted); }
#unitpanel table { border-collapse: collapse; width: 100%; font-size: 12.5px; }
#unitpanel td { padding: 1px 6px 1px 0; vertical-align: top; border-bottom: 1px dotted #e4dccb; }
#unitpanel td:first-child { color: var(--muted); white-space: nowrap; width: 40%; }
#unitpanel .sub { font-size: 11px; text-transform: uppercase; letter-spacing: .6px; color: var(--muted);
  margin: 8px 0 2px; }
#listhead { padding: 6px 12px; display: flex; gap: 12px; align-items: center; border-bottom: 1px solid var(--line);
  font-size: 12px; color: var(--muted); }
#listhead b { color: var(--ink); font-size: 13px; margin-right: auto; }
#events { list-style: none; margin: 0; padding: 0 0 40px; overflow-y: auto; flex: 1; font-size: 12.5px; }
#events li { padding: 2px 10px 2px 12px; border-left: 3px solid transparent; cursor: pointer; }
#events li:hover { background: #f1ead9; }
#events li.hdr { position: sticky; top: 0; background: #e8dfcc; font-weight: 600; font-size: 12px; cursor: default;
  color: #4d4536; padding: 3px 12px; z-index: 1; }
#events li.current { background: var(--current); border-left-color: var(--accent); }
#events li.future { color: #a59b89; }
#events li .seq { color: #a59b89; font-size: 10.5px; margin-right: 5px; font-variant-numeric: tabular-nums; }
#events li .terms { display: block; color: var(--muted); font-size: 11.5px; padding-left: 18px; }
body.hide-roll #events li.k-roll, body.hide-unit_moved #events li.k-unit_moved { display: none; }
.u { font-weight: 600; cursor: pointer; border-bottom: 1px dotted; }
#tip { position: absolute; pointer-events: none; background: rgba(33,30,25,.94); color: #f6efe0; padding: 6px 9px;
  border-radius: 5px; font-size: 12px; max-width: 300px; display: none; z-index: 5; box-shadow: 0 2px 8px rgba(0,0,0,.3); }
#tip b { color: #fff; }
svg text { font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; }
.unit { cursor: pointer; }
.unit.removed { opacity: .35; }
.unit.flying rect.base { stroke-dasharray: 7 4; filter: drop-shadow(6px 9px 3px rgba(0,0,0,.45)); }
.unit.underground rect.base { stroke-dasharray: 2 3; fill-opacity: .45; }
.unit.removed rect.base { fill: none !important; stroke-dasharray: 6 4; }
body:not(.ghosts) .unit.removed, body:not(.ghosts) .ulabel.removed { display: none; }
.unit.sel rect.base { stroke: #ffd84a; stroke-width: 5; }
.unit.hot rect.base { stroke: #fff6c9; stroke-width: 4; }
.ulabel { pointer-events: none; paint-order: stroke; stroke: rgba(0,0,0,.55); fill: #fff; font-weight: 600; }
.arrow { fill: none; stroke-linecap: round; }
.arrow.old { opacity: .45; }
#nojs { padding: 20px; }
</style>
</head>
]==]

page.body = [==[<body class="hide-roll" data-ready="0" data-errors="0">
<header><h1>@TITLE@</h1><div class="summary" id="summary"></div></header>
<main>
<section id="mapcol">
  <div id="mapwrap"><svg id="map" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="the table from above"></svg>
    <div id="tip"></div></div>
  <div id="controls">
    <div class="row">
      <button id="b-start" title="First event (Home)">|&#9664;</button>
      <button id="b-prevphase" title="Previous phase (Page Up)">&#9664;&#9664;</button>
      <button id="b-prev" title="Previous event (&larr;)">&#9664;</button>
      <button id="b-play" class="play" title="Play or pause (Space)">&#9654; Play</button>
      <button id="b-next" title="Next event (&rarr;)">&#9654;</button>
      <button id="b-nextphase" title="Next phase (Page Down)">&#9654;&#9654;</button>
      <button id="b-end" title="Last event (End)">&#9654;|</button>
      <select id="speed" title="Playback speed">
        <option value="1">1 event/s</option><option value="3" selected>3 events/s</option>
        <option value="8">8 events/s</option><option value="20">20 events/s</option>
        <option value="phase">a phase/s</option></select>
      <span id="where"></span>
    </div>
    <input type="range" id="slider" min="0" max="0" value="0" aria-label="event">
    <div id="turnticks"></div>
    <div id="phasebar" title="Turns and phases: click to jump"></div>
  </div>
  <div id="legend"></div>
</section>
<aside>
  <div id="unitpanel"><span class="hint">Hover over a unit for its state; click to pin it here.</span></div>
  <div id="listhead"><b>Events</b>
    <label><input type="checkbox" id="f-roll"> dice rolls</label>
    <label><input type="checkbox" id="f-unit_moved" checked> unit moves</label>
    <label><input type="checkbox" id="f-ghosts"> removed units</label>
    <label id="viewbox" style="display:none" title="What each side has sighted (the weather module's sighting events)">view
      <select id="view"><option value="all">all units</option><option value="1">side 1's</option>
        <option value="2">side 2's</option></select></label></div>
  <ol id="events"></ol>
</aside>
</main>
<noscript><div id="nojs">This replay needs JavaScript.</div></noscript>
<script type="application/json" id="replay-events">@EVENTS@</script>
]==]

page.script = [==[<script>
"use strict";
(function () {
const EV = JSON.parse(document.getElementById("replay-events").textContent);
const N = EV.length;
const SVGNS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

// ---- helpers ---------------------------------------------------------------
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const nice = (s) => esc(String(s == null ? "" : s).replace(/_/g, " "));
const num = (v, d) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(d == null ? 0 : d)) : esc(v));
const mm = (v) => (typeof v === "number" ? Math.round(v) + " mm" : esc(v));
const deg = (v) => (typeof v === "number" ? Math.round(v) + "\u00b0" : esc(v));
const signed = (v) => (typeof v === "number" ? (v >= 0 ? "+" : "\u2212") + Math.abs(v) : esc(v));
const ids = (v) => (v == null ? [] : Array.isArray(v) ? v : [v]);
const isObj = (v) => v !== null && typeof v === "object";
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function hashColour(s, sat, light) {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return "hsl(" + (h % 360) + "," + sat + "%," + light + "%)";
}

// ---- what the log says, once ----------------------------------------------
const SIDE_COLOURS = ["#b3261e", "#1f5fa8", "#c98a00", "#2e7d32", "#6a1b9a", "#00838f", "#5d4037", "#ad1457"];
const sideColour = (s) => SIDE_COLOURS[((Number(s) || 1) - 1 + SIDE_COLOURS.length) % SIDE_COLOURS.length];
const TERRAIN = {
  wood: ["#3f6b35", "url(#p-wood)"], forest: ["#3f6b35", "url(#p-wood)"], orchard: ["#5b7d3a", "url(#p-wood)"],
  gentle_hill: ["#c2ad72"], hill: ["#c2ad72"], steep_hill: ["#9a7b4a"], rough: ["#9aa06a", "url(#p-rough)"],
  built_up_area: ["#8f857b", "url(#p-town)"], built_up: ["#8f857b", "url(#p-town)"], town: ["#8f857b", "url(#p-town)"], village: ["#8f857b", "url(#p-town)"],
  impassable: ["#5d5750", "url(#p-rock)"], marsh: ["#6f8f86", "url(#p-marsh)"], swamp: ["#6f8f86", "url(#p-marsh)"],
  river: ["#4f86b8"], stream: ["#5f96c4"], water: ["#4f86b8"], lake: ["#4f86b8"], ford: ["#7fa9cc"],
  field: ["#c9c46a"], fields: ["#c9c46a"], road: ["#b09468"], open: ["#a7bf84"],
};
const terrainColour = (t) => (TERRAIN[t] ? TERRAIN[t][0] : hashColour(String(t), 35, 48));
const terrainFill = (t) => (TERRAIN[t] ? TERRAIN[t][1] || TERRAIN[t][0] : terrainColour(t));

const added = {};          // unit id -> its unit_added event
const hist = {};           // unit id -> [[index, x, y, facing]]
let table = null;
const turnEnds = [];       // indices of turn_end events
let lastTurn = 0, victory = null;
for (let i = 0; i < N; i++) {
  const e = EV[i];
  if (typeof e.turn === "number" && e.turn > lastTurn) lastTurn = e.turn;
  if (e.kind === "table" && !table) table = { w: e.width, d: e.depth };
  else if (e.kind === "unit_added") { added[e.unit] = e; (hist[e.unit] = hist[e.unit] || []).push([i, e.x, e.y, e.facing]); }
  else if (e.kind === "unit_moved" && hist[e.unit]) hist[e.unit].push([i, e.x, e.y, e.facing]);
  else if (e.kind === "turn_end") turnEnds.push(i);
  if (e.kind === "victory" || (e.winner != null && e.kind !== "pre_battle")) victory = e;
}
if (!table) {  // no table event: the bounds of everything drawn
  let w = 600, d = 400;
  for (const id in added) { w = Math.max(w, added[id].x + 100); d = Math.max(d, added[id].y + 100); }
  table = { w: w, d: d };
}
const W = table.w, H = table.d, M = Math.max(W, H) * 0.045;
const FS = Math.max(W, H) / 95;  // label size in table mm

function posAt(u, i) {  // where unit u stood after event i: [x, y, facing]
  const h = hist[u];
  if (!h || h[0][0] > i) return null;
  let lo = 0, hi = h.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (h[mid][0] <= i) lo = mid; else hi = mid - 1; }
  return h[lo].slice(1);
}

// Turn and phase groups: consecutive events with the same (turn, phase).
const groups = [];
for (let i = 0; i < N; i++) {
  const e = EV[i], g = groups[groups.length - 1];
  if (g && g.turn === e.turn && g.phase === e.phase) g.end = i;
  else groups.push({ turn: e.turn, phase: e.phase, start: i, end: i });
}
const groupOf = new Int32Array(N);
groups.forEach((g, k) => { for (let i = g.start; i <= g.end; i++) groupOf[i] = k; });

// ---- state at any event: checkpoints, then forward --------------------------
const K = 256;
function emptyState() { return { units: {}, terrain: [], turnEnd: -1 }; }
function cloneState(s) {
  const u = {};
  for (const id in s.units) u[id] = Object.assign({}, s.units[id]);
  return { units: u, terrain: s.terrain.slice(), turnEnd: s.turnEnd };
}
function apply(s, e, i) {
  const u = e.unit != null ? s.units[e.unit] : null;
  switch (e.kind) {
    case "terrain_added": s.terrain.push(e); break;
    case "terrain_removed": s.terrain = s.terrain.filter((t) => t.id !== e.id); break;
    case "terrain_changed": s.terrain = s.terrain.map((t) => (t.id === e.id ? e : t)); break;
    case "unit_added":
      s.units[e.unit] = { id: e.unit, side: e.side, name: e.name, label: e.label, x: e.x, y: e.y, facing: e.facing,
        width: e.width, depth: e.depth, strength: e.strength, removed: false, since: i, layer: e.layer || 0 };
      break;
    case "unit_layer": if (u) u.layer = e.layer; break;
    case "unit_state": if (u) { u.states = Object.assign({}, u.states); if (e.ended) delete u.states[e.state]; else u.states[e.state] = e.periods || true; } break;
    case "zone": if (u) u.zones = (u.zones || []).concat([{ kind: e.zone, radius: +e.radius }]); break;
    case "unit_moved": if (u) { u.x = e.x; u.y = e.y; u.facing = e.facing; u.lastMove = i; } break;
    case "unit_strength": if (u) u.strength = e.strength; break;
    case "unit_removed": if (u) { u.removed = true; u.removedAt = i; } break;
    case "unit_returned": if (u) { u.removed = false; u.x = e.x; u.y = e.y; u.facing = e.facing; u.lastMove = i; } break;
    case "unit_resized": if (u) { u.width = e.width; u.depth = e.depth; } break;
    case "turn_end": s.turnEnd = i; break;
  }
}
const checkpoints = [emptyState()];
{
  const s = emptyState();
  for (let i = 0; i < N; i++) {
    apply(s, EV[i], i);
    if ((i + 1) % K === 0) checkpoints.push(cloneState(s));
  }
}
function stateAfter(i) {
  const k = Math.floor((i + 1) / K);
  const s = cloneState(checkpoints[k]);
  for (let j = k * K; j <= i; j++) apply(s, EV[j], j);
  return s;
}
function unitData(s, id) {  // the ruleset's fields from the latest turn_end
  if (s.turnEnd < 0) return null;
  const list = EV[s.turnEnd].units || [];
  for (const x of list) if (x && x.unit == id) return { turn: EV[s.turnEnd].turn, data: x.data };
  return null;
}
const unitName = (id) => (added[id] ? added[id].name || added[id].label || "unit " + id : "unit " + id);
// A unit's type for its map label when the log has no label: the ruleset's
// class (or type) from the first turn end that lists it (types do not change).
const typeOf = {};
for (const i of turnEnds) for (const x of EV[i].units || [])
  if (x && x.data && typeOf[x.unit] == null && (x.data.class != null || x.data.type != null))
    typeOf[x.unit] = String(x.data.class != null ? x.data.class : x.data.type);
function shortLabel(id) {
  const a = added[id];
  if (a && a.label) return a.label;
  if (typeOf[id] != null) return typeOf[id];
  return a && a.name ? a.name : "#" + id;
}

// ---- one line per event ----------------------------------------------------
const ul = (id) => '<span class="u" data-unit="' + esc(id) + '" style="color:' + sideColour(added[id] && added[id].side) +
  '">' + esc(unitName(id)) + "</span>";
const uls = (v) => ids(v).map(ul).join(", ");
const xy = (e) => "(" + Math.round(e.x) + ", " + Math.round(e.y) + ")";
const die = (d) => (Array.isArray(d) ? "{" + d.map(esc).join(",") + "}" : esc(d));
const REF = new Set(["unit", "units", "target", "attacker", "defender", "shooter", "from", "with"]);
const FMT = {
  table: (e) => "Table " + num(e.width) + " \u00d7 " + num(e.depth) + " mm",
  terrain_added: (e) => "Terrain " + esc(e.id) + ": " + nice(e.feature.type) + (e.feature.circle ? " (round)" : "") +
    (e.feature.blocks_los ? ", blocks line of sight" : ""),
  terrain_removed: (e) => "Terrain " + esc(e.id) + " removed",
  terrain_changed: (e) => "Terrain " + esc(e.id) + " is now " + nice((e.feature || {}).type),
  unit_added: (e) => ul(e.unit) + (e.label ? " (" + esc(e.label) + ")" : "") + " joins side " + esc(e.side) + " at " +
    xy(e) + ", facing " + deg(e.facing),
  unit_moved: (e) => ul(e.unit) + " " + nice(e.how || "moves") + " \u2192 " + xy(e) + ", facing " + deg(e.facing),
  unit_strength: (e) => ul(e.unit) + " strength now " + num(e.strength),
  unit_layer: (e) => ul(e.unit) + (e.layer > 0 ? " takes to the air" : e.layer < 0 ? " goes underground" : " is on the ground"),
  unit_removed: (e) => ul(e.unit) + " leaves the table",
  unit_returned: (e) => ul(e.unit) + " returns to the table at " + xy(e),
  unit_resized: (e) => ul(e.unit) + " changes formation: base " + num(e.width) + " \u00d7 " + num(e.depth) + " mm",
  roll: (e) => "\ud83c\udfb2 " + die(e.die) + " \u2192 <b>" + esc(e.value) + "</b> " + esc(e.purpose || ""),
  turn_end: (e) => "<b>End of turn " + esc(e.turn) + "</b>" + (e.hash ? ' <span class="seq">state ' + esc(e.hash) + "</span>" : ""),
  victory: (e) => "<b>Victory to side " + esc(e.winner) + "</b>" + (e.reason ? ": " + esc(e.reason) : "") +
    (e.turns ? " (turn " + esc(e.turns) + ")" : ""),
  // Phalanx
  activation_points: (e) => "Side " + esc(e.side) + " has <b>" + esc(e.points) + "</b> activation points (die " +
    esc(e.die) + (e.modifier ? " " + signed(e.modifier) : "") + ")",
  activation: (e) => uls(e.units) + " activated: " + nice(e.order) + (e.cost != null ? " (cost " + esc(e.cost) + ")" : ""),
  move: (e) => uls(e.units) + " move " + mm(e.distance) + (e.turned ? ", turning " + deg(e.turned) : "") +
    (e.initiative ? " (" + nice(e.initiative) + ")" : ""),
  charge: (e) => uls(e.units) + " <b>charge</b> " + ul(e.target),
  contact: (e) => uls(e.units) + " contact " + ul(e.with),
  evade: (e) => uls(e.units) + " evade " + (e.from != null ? ul(e.from) + " " : "") + "(" + mm(Math.abs(e.distance)) + ")",
  initiative: (e) => "Initiative of " + uls(e.units) + ": die " + esc(e.die) + (e.score !== e.die ? ", score " + esc(e.score) : "") +
    " \u2192 " + nice(e.action),
  shoot: (e) => ul(e.shooter) + " shoots at " + ul(e.target) + (e.range != null ? " at " + num(e.range, 1) + " widths" : "") +
    ": die " + esc(e.die) + (e.score !== e.die ? ", score " + esc(e.score) : "") + " \u2192 <b>" + esc(e.result) + "</b>" +
    (e.table_result != null && e.table_result !== e.result ? " (table " + esc(e.table_result) + ")" : ""),
  melee: (e) => "<b>Melee</b> " + ul(e.attacker) + " (CF " + esc(e.attacker_cf) + ") against " + ul(e.defender) + " (CF " +
    esc(e.defender_cf) + "): difference " + signed(e.difference) + ", die " + esc(e.die) + " \u2192 <b>" +
    esc(e.attacker_result) + "</b> / <b>" + esc(e.defender_result) + "</b>",
  repulse: (e) => ul(e.unit) + " falls back " + mm(e.distance) + (e.result ? " (" + esc(e.result) + ")" : "") +
    (e.stopped_by === "edge" ? ", stopped by the table edge" : e.stopped_by != null ? ", stopped against " + ul(e.stopped_by) : ""),
  follow_up: (e) => ul(e.unit) + " follows up " + mm(e.distance),
  broken: (e) => "<b>" + ul(e.unit) + " is broken</b>" + (e.cause ? " (" + nice(e.cause) + ")" : ""),
  rally: (e) => ul(e.unit) + " rallies",
  detach: (e) => uls(e.units) + " detach",
  deploy: (e) => ul(e.unit) + " deploys at " + xy(e) + ", facing " + deg(e.facing),
  field_defences: (e) => ul(e.unit) + " builds field defences",
  terrain: (e) => "Terrain square (" + esc(e.i) + ", " + esc(e.j) + "): die " + esc(e.die) + ", score " + esc(e.score) +
    " \u2192 " + nice(e.terrain),
  pre_battle: (e) => "Pre-battle: side " + esc(e.winner) + " wins (" + ids(e.scores).map(esc).join(" v ") + ") and takes the " +
    nice(e.edge) + " edge" + (e.flank_march ? "; flank march" : ""),
  first_move: (e) => "Side " + esc(e.side) + " moves first (" + ids(e.scores).map(esc).join(" v ") + ")",
  deployment_problem: (e) => "Side " + esc(e.side) + " deployment: " + esc(e.message),
  // WRG orders (rulesets/wrg/orders/)
  order: (e) => ul(e.unit) + " order: <b>" + esc(e.text) + "</b>" + (e.how ? " (" + nice(e.how) + ")" : ""),
  order_dictated: (e) => "Side " + esc(e.side) + "'s General dictates <b>" + esc(e.text) + "</b> for " + uls(e.units),
  order_received: (e) => ul(e.unit) + " receives <b>" + esc(e.text) + "</b>" + (e.ready != null ? " (acted on from turn " + esc(e.ready) + ")" : ""),
  order_crossed_out: (e) => ul(e.unit) + " order crossed out" + (e.why ? " (" + esc(e.why) + ")" : ""),
  messenger_lost: (e) => "Side " + esc(e.side) + "'s messenger is lost" + (e.by != null ? ", ridden down by " + ul(e.by) : "") +
    (e.text ? ": <b>" + esc(e.text) + "</b>" : "") + (e.why ? " (" + esc(e.why) + ")" : ""),
  signal: (e) => "Side " + esc(e.side) + "'s General signals " + esc(e.signal) + " (" + esc(e.text) + ")" +
    (Array.isArray(e.units) && e.units.length ? ", seen by " + uls(e.units) : ", seen by no one concerned"),
};
function generic(e) {
  const parts = [];
  for (const k of Object.keys(e)) {
    if (k === "seq" || k === "turn" || k === "phase" || k === "kind") continue;
    const v = e[k];
    let t;
    if (REF.has(k) && (typeof v === "number" || (Array.isArray(v) && v.every((x) => typeof x === "number")))) t = uls(v);
    else if (isObj(v)) { t = JSON.stringify(v); if (t.length > 80) t = t.slice(0, 77) + "\u2026"; t = esc(t); }
    else t = typeof v === "number" ? num(v, 2) : esc(v);
    parts.push(nice(k) + " " + t);
  }
  return "<b>" + nice(e.kind) + "</b>" + (parts.length ? ": " + parts.join(", ") : "");
}
function termsLine(e) {  // modifiers an adjudication explains itself with
  const out = [];
  for (const k of Object.keys(e)) {
    if (!/terms$/.test(k) || !Array.isArray(e[k]) || !e[k].length) continue;
    const who = k === "terms" ? "" : nice(k.replace(/_?terms$/, "")) + ": ";
    out.push(who + e[k].map((t) => isObj(t) ? (t.value != null ? signed(t.value) + " " : "") + esc(t.text || t.id || "") +
      (t.layer ? " (" + esc(t.layer) + ")" : "") : esc(t)).join(", "));
  }
  return out.length ? '<span class="terms">' + out.join("; ") + "</span>" : "";
}
// The fields a formatter of FMT reads: a ruleset whose event of the same kind
// lacks them gets the next formatter that fits (ALT), else the generic line.
const NEEDS = {
  unit_added: ["unit", "x", "y"], unit_moved: ["unit", "x", "y"], unit_strength: ["unit"], unit_removed: ["unit"], unit_returned: ["unit", "x", "y"], unit_resized: ["unit", "width", "depth"], unit_layer: ["unit", "layer"],
  roll: ["die", "value"], victory: ["winner"], activation_points: ["side", "points"], activation: ["units", "order"],
  move: ["units", "distance"], charge: ["units", "target"], contact: ["units", "with"], evade: ["units", "distance"],
  initiative: ["units", "die", "action"], shoot: ["shooter", "target", "result"], melee: ["attacker", "defender"],
  repulse: ["unit", "distance"], follow_up: ["unit", "distance"], broken: ["unit"], rally: ["unit"],
  detach: ["units"], deploy: ["unit", "x", "y"], field_defences: ["unit"], terrain: ["i", "j", "die", "terrain"],
  pre_battle: ["winner", "scores", "edge"], first_move: ["side", "scores"], deployment_problem: ["side", "message"],
  order: ["unit", "text"], order_dictated: ["side", "text", "units"], order_received: ["unit", "text"], order_crossed_out: ["unit"],
  messenger_lost: ["side"], signal: ["side", "signal", "text"],
};
const hits = (e) => esc(e.dice) + " dice" + (e.hit_on != null ? " hitting on " + esc(e.hit_on) + "+" : "") +
  " \u2192 <b>" + esc(e.hits) + " hit" + (e.hits === 1 ? "" : "s") + "</b>";
const ALT = {  // other rulesets' events of the same kinds (Historicon's, for one)
  melee: [["unit", "target", "dice", "hits"], (e) => "<b>Melee</b> " + ul(e.unit) + " against " + ul(e.target) + ": " + hits(e)],
  shoot: [["unit", "target", "dice", "hits"], (e) => ul(e.unit) + " shoots at " + ul(e.target) + ": " + hits(e)],
  recoil: [["unit", "distance"], (e) => ul(e.unit) + " recoils " + mm(e.distance) +
    (e.inflicted != null ? " (hits inflicted " + esc(e.inflicted) + ", received " + esc(e.received) + ")" : "")],
  integrity: [["unit", "result"], (e) => ul(e.unit) + " tests its integrity" + (e.score != null ? ": score " + esc(e.score) : "") +
    (e.natural != null ? " (natural " + esc(e.natural) + ")" : "") + " \u2192 <b>" + nice(e.result) + "</b>" +
    (Array.isArray(e.reasons) && e.reasons.length ? " \u00b7 " + e.reasons.map(nice).join(", ") : "")],
  break: [["unit"], (e) => "<b>" + ul(e.unit) + " breaks</b>" + (e.why ? " (" + esc(e.why) + ")" : "")],
  victory_points: [["side", "total"], (e) => "Side " + esc(e.side) + " victory points " + (e.start != null ? esc(e.start) + " \u2192 " : "") +
    "<b>" + esc(e.total) + "</b>" + (e.unit != null ? " (" + ul(e.unit) + ")" : "")],
  move: [["unit", "x", "y"], (e) => ul(e.unit) + " moves" + (e.moved != null ? " " + mm(e.moved) : "") + " \u2192 " + xy(e)],
  evade: [["unit"], (e) => ul(e.unit) + " evades" + (e.charger != null ? " " + ul(e.charger) : "") + (e.case ? " (" + nice(e.case) + ")" : "")],
  initiative: [["first", "scores"], (e) => "Side " + esc(e.first) + " has the initiative (" + ids(e.scores).map(esc).join(" v ") + ")"],
};
function fits(e, fields) { return fields.every((k) => e[k] != null); }
function describe(e) {
  let t = null;
  const f = FMT[e.kind], alt = ALT[e.kind];
  try {
    if (f && fits(e, NEEDS[e.kind] || [])) t = f(e);
    else if (alt && fits(e, alt[0])) t = alt[1](e);
  } catch (err) { t = null; }
  return (t || generic(e)) + termsLine(e);
}

// ---- arrows ----------------------------------------------------------------
const MOTION = new Set(["repulse", "recoil", "evade", "retreat", "rout", "flee", "follow_up", "pursue", "pursuit",
  "fall_back", "push_back", "withdraw"]);
const ARROW = {
  charge: { colour: "#ff5b2e", width: 1.0, label: "charge" },
  shot: { colour: "#ffd23f", width: 0.7, dash: true, label: "shot" },
  melee: { colour: "#e34bff", width: 0.9, both: true, label: "melee" },
  recoil: { colour: "#f4f8ff", width: 0.7, label: "recoil, evade, rout" },
  follow: { colour: "#9be86a", width: 0.7, label: "follow up, pursue" },
  action: { colour: "#ffffff", width: 0.5, label: "other action" },
};
function arrowsOf(i) {
  const e = EV[i], out = [];
  if (e.kind === "unit_moved" || e.kind === "unit_added" || e.kind === "roll") return out;
  if (e.shooter != null && e.target != null) out.push({ type: "shot", a: e.shooter, b: e.target });
  else if (e.attacker != null && e.defender != null) out.push({ type: "melee", a: e.attacker, b: e.defender });
  else if (MOTION.has(e.kind)) {
    let j = i - 1;  // back over the moves (and rolls) that made this motion
    while (j >= 0 && (EV[j].kind === "unit_moved" || EV[j].kind === "roll")) j--;
    for (const u of ids(e.units != null ? e.units : e.unit))
      out.push({ type: /follow|pursu/.test(e.kind) ? "follow" : "recoil", unit: u, from: j, to: i });
  } else if (e.target != null && (e.units != null || e.unit != null)) {
    // the kind's name says what it is: charge, shooting, melee, else an action
    const k = String(e.kind);
    const type = /charge/.test(k) ? "charge" : /shoot|shot|fire|missile|volley|bombard/.test(k) ? "shot"
      : /melee|combat|fight|close/.test(k) ? "melee" : "action";
    for (const u of ids(e.units != null ? e.units : e.unit)) out.push({ type: type, a: u, b: e.target });
  }
  return out;
}

// ---- the map ---------------------------------------------------------------
const svg = $("map");
svg.setAttribute("viewBox", [-M, -M, W + 2 * M, H + 2 * M].join(" "));
svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
const defs = el("defs", {}, svg);
defs.innerHTML =
  '<pattern id="grid" width="100" height="100" patternUnits="userSpaceOnUse"><path d="M100 0H0V100" fill="none" ' +
  'stroke="rgba(255,255,255,.13)" stroke-width="1.5"/></pattern>' +
  '<radialGradient id="felt" cx="50%" cy="45%" r="75%"><stop offset="0" stop-color="#8fae66"/><stop offset="1" ' +
  'stop-color="#6f8f4c"/></radialGradient>' +
  '<pattern id="p-wood" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#3f6b35"/>' +
  '<circle cx="10" cy="10" r="8" fill="#335a2b"/><circle cx="30" cy="28" r="9" fill="#2f5428"/><circle cx="29" cy="8" r="4" ' +
  'fill="#4c7d40"/><circle cx="9" cy="31" r="5" fill="#4c7d40"/></pattern>' +
  '<pattern id="p-town" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="#8f857b"/>' +
  '<rect x="4" y="5" width="13" height="10" fill="#a3483a"/><rect x="21" y="19" width="11" height="13" fill="#b05a44"/>' +
  '<rect x="5" y="22" width="9" height="9" fill="#7b5e50"/></pattern>' +
  '<pattern id="p-rock" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="#5d5750"/>' +
  '<path d="M0 30L30 0M-8 8L8 -8M22 38L38 22" stroke="#4a453f" stroke-width="5"/></pattern>' +
  '<pattern id="p-marsh" width="40" height="24" patternUnits="userSpaceOnUse"><rect width="40" height="24" fill="#6f8f86"/>' +
  '<path d="M4 12h12M22 20h12M20 5h10" stroke="#a8c7bd" stroke-width="2.5"/></pattern>' +
  '<pattern id="p-rough" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="#9aa06a"/>' +
  '<circle cx="8" cy="9" r="3" fill="#7e845a"/><circle cx="22" cy="21" r="2.5" fill="#7e845a"/></pattern>';
for (const t in ARROW) {
  defs.insertAdjacentHTML("beforeend", '<marker id="m-' + t + '" viewBox="0 0 10 10" refX="7" refY="5" ' +
    'markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="' + ARROW[t].colour +
    '" stroke="rgba(0,0,0,.5)" stroke-width="1"/></marker>');
}
// the table
el("rect", { x: -M, y: -M, width: W + 2 * M, height: H + 2 * M, fill: "#5a4630" }, svg);
el("rect", { x: -M * 0.35, y: -M * 0.35, width: W + M * 0.7, height: H + M * 0.7, fill: "#745a3d", rx: M * 0.15 }, svg);
el("rect", { x: 0, y: 0, width: W, height: H, fill: "url(#felt)" }, svg);
const terrainLayer = el("g", { id: "terrain" }, svg);
const squareGrid = el("rect", { x: 0, y: 0, width: W, height: H, fill: "url(#grid)", "pointer-events": "none" }, svg);
// a hex board (the `hex_grid` event: size across the flats, centre x, y of
// hex (0, 0), cols x rows, pointy-top, odd rows shifted east): its outlines
// instead of the square grid
{
  const g = EV.find((e) => e.kind === "hex_grid");
  if (g && !g.flat_top && +g.size > 0) {
    squareGrid.remove();
    const s = +g.size, rad = s / Math.sqrt(3), d = [];
    for (let row = 0; row < g.rows; row++) for (let col = 0; col < g.cols; col++) {
      const r = row, q = col - Math.floor(row / 2);
      const cx = +g.x + s * (q + r / 2), cy = H - (+g.y + (r * s * Math.sqrt(3)) / 2);
      for (let k = 0; k < 6; k++) {
        const a = (Math.PI / 180) * (90 + 60 * k);
        d.push((k ? "L" : "M") + (cx + rad * Math.cos(a)).toFixed(1) + " " + (cy - rad * Math.sin(a)).toFixed(1));
      }
      d.push("Z");
    }
    el("path", { id: "hexgrid", d: d.join(""), fill: "none", stroke: "rgba(255,255,255,.22)", "stroke-width": 1.5,
      "pointer-events": "none" }, svg);
  }
}
const unitLayer = el("g", { id: "units" }, svg);
const arrowLayer = el("g", { id: "arrows", "pointer-events": "none" }, svg);
const labelLayer = el("g", { id: "labels" }, svg);
// compass and scale in the frame
{
  const fs = M * 0.42;
  const n = el("text", { x: W / 2, y: -M * 0.45, "text-anchor": "middle", "font-size": fs, fill: "#f3e6c8",
    "font-weight": 700 }, svg);
  n.textContent = "N \u2191";
  const bar = W >= 1000 ? (W >= 3000 ? 1000 : 300) : 100;
  const y = H + M * 0.62;
  el("path", { d: "M0 " + y + "h" + bar + "M0 " + (y - fs * 0.3) + "v" + fs * 0.6 + "M" + bar + " " + (y - fs * 0.3) + "v" +
    fs * 0.6, stroke: "#f3e6c8", "stroke-width": fs * 0.12 }, svg);
  const t = el("text", { x: bar + fs * 0.4, y: y + fs * 0.33, "font-size": fs * 0.8, fill: "#f3e6c8" }, svg);
  t.textContent = bar + " mm \u00b7 table " + Math.round(W) + " \u00d7 " + Math.round(H) + " mm";
}

let drawnTerrain = "";
function drawTerrain(s) {
  const key = s.terrain.map((t) => t.id + ":" + t.seq).join(",");  // a changed feature is redrawn
  if (key === drawnTerrain) return;
  drawnTerrain = key;
  terrainLayer.textContent = "";
  for (const t of s.terrain) {
    const f = t.feature || {}, type = f.type || "terrain";
    const attrs = { fill: terrainFill(type), stroke: "rgba(30,25,15,.55)", "stroke-width": 2.5, "fill-opacity": 0.92,
      "data-terrain": t.id, "data-type": type };
    let shape;
    if (Array.isArray(f.polygon)) {
      const pts = [];
      for (let k = 0; k + 1 < f.polygon.length; k += 2) pts.push(f.polygon[k] + "," + (H - f.polygon[k + 1]));
      shape = el("polygon", Object.assign({ points: pts.join(" ") }, attrs), terrainLayer);
    } else if (Array.isArray(f.circle)) {
      shape = el("circle", Object.assign({ cx: f.circle[0], cy: H - f.circle[1], r: f.circle[2] }, attrs), terrainLayer);
    } else continue;
    if (/hill/.test(type)) shape.setAttribute("stroke", "rgba(90,60,20,.8)");
    const title = el("title", {}, shape);
    title.textContent = type.replace(/_/g, " ") + (f.height != null ? ", height " + f.height : "") +
      (f.blocks_los ? ", blocks line of sight" : "");
  }
}

// Sieges (rulesets/modules/sieges): walls, towers, gates, breaches, fire,
// ladders, ships, caltrops, siege towers, penthouses, gabions and bridges
// drawn over the terrain from the features' siege fields and the siege_*
// events up to event i.
const siegeLayer = el("g", { id: "sieges", "pointer-events": "none" }, svg);
svg.insertBefore(siegeLayer, unitLayer);  // over the terrain, under the units
let drawnSiege = "";
function drawSieges(s, i) {
  const ladders = {};
  for (let k = 0; k <= i && k < N; k++) {
    const e = EV[k];
    if (e.kind === "siege_ladder" && e.what === "erected") ladders[e.unit] = e.section;
    else if (e.kind === "siege_ladder" && e.what === "cast down") delete ladders[e.unit];
  }
  const key = s.terrain.map((t) => t.id + ":" + t.seq).join(",") + "|" + JSON.stringify(ladders);
  if (key === drawnSiege) return;
  drawnSiege = key;
  siegeLayer.textContent = "";
  const pts = (poly) => { const p = []; for (let k = 0; k + 1 < poly.length; k += 2) p.push(poly[k] + "," + (H - poly[k + 1])); return p.join(" "); };
  const faces = {};
  const STONE = { wall: "#9b958a", tower: "#7b756b", gate: "#8a5a2b", palisade: "#8c6a3f", turf_wall: "#6f7f4a" };
  for (const t of s.terrain) {
    const f = t.feature || {};
    if (!Array.isArray(f.polygon)) continue;
    const type = f.type, st = f.siege_state;
    if (f.siege_section != null && type !== "parapet") {
      const fill = type === "breach" ? "#2b2622" : (STONE[f.siege_kind] || "#9b958a");
      el("polygon", { points: pts(f.polygon), fill: fill, stroke: "#3a342c", "stroke-width": f.siege_kind === "tower" ? 4 : 2.5,
        "stroke-dasharray": type === "breach" ? "6 4" : "none" }, siegeLayer);
      faces[f.siege_section] = f.polygon;
      if (st === "burning" || st === "untenable") {
        el("polygon", { points: pts(f.polygon), fill: st === "untenable" ? "#d2401c" : "#f08a24", "fill-opacity": 0.75,
          stroke: "#ffd34d", "stroke-width": 2 }, siegeLayer);
      }
    } else if (type === "ship") {
      const p = f.polygon, x1 = p[0], x2 = p[2], y1 = H - p[1], y2 = H - p[5], ym = (y1 + y2) / 2, bow = (y1 - y2) * 0.6;
      el("path", { d: "M" + x1 + " " + y1 + "L" + x2 + " " + y1 + "L" + (x2 + bow) + " " + ym + "L" + x2 + " " + y2 + "L" + x1 + " " + y2 + "Z",
        fill: "#6b4a2b", stroke: "#2e1f10", "stroke-width": 2.5 }, siegeLayer);
    } else if (type === "caltrops") {
      el("polygon", { points: pts(f.polygon), fill: "#b9a77c", "fill-opacity": 0.6, stroke: "#c9c9d6", "stroke-width": 2,
        "stroke-dasharray": "2 3" }, siegeLayer);
    } else if (type === "ditch") {
      el("polygon", { points: pts(f.polygon), fill: "#5b4a32", "fill-opacity": 0.8, stroke: "#2e2418", "stroke-width": 1.5 }, siegeLayer);
    } else if (/^siege_(tower|penthouse)/.test(type)) {
      // siege towers and penthouses (modules/sieges/wrg/engines.lua): a
      // wooden base moved by terrain_changed each period; a tower with its
      // diagonals (its storeys seen from above), a penthouse with its roof
      // ridge; in parts (on wagons) dashed and pale; wrecked dark
      const p = f.polygon, tower = /tower/.test(type), parts = /_parts$/.test(type), wreck = /_wreck$/.test(type);
      const g = el("g", { "data-siege": type }, siegeLayer);
      el("polygon", { points: pts(p), fill: wreck ? "#3a2a1a" : (tower ? "#7a5230" : "#9c7a4a"),
        "fill-opacity": parts ? 0.35 : (wreck ? 0.6 : 0.9), stroke: "#3b2412", "stroke-width": tower ? 3 : 2,
        "stroke-dasharray": parts || wreck ? "5 3" : "none" }, g);
      if (!parts && !wreck && tower) {
        el("line", { x1: p[0], y1: H - p[1], x2: p[4], y2: H - p[5], stroke: "#3b2412", "stroke-width": 1.5 }, g);
        el("line", { x1: p[2], y1: H - p[3], x2: p[6], y2: H - p[7], stroke: "#3b2412", "stroke-width": 1.5 }, g);
      } else if (!parts && !wreck) {
        el("line", { x1: (p[0] + p[2]) / 2, y1: H - (p[1] + p[3]) / 2, x2: (p[4] + p[6]) / 2, y2: H - (p[5] + p[7]) / 2,
          stroke: "#3b2412", "stroke-width": 1.5 }, g);
      }
      el("title", {}, g).textContent = type.replace(/^siege_/, "").replace(/_/g, " ");
    } else if (type === "gabions") {
      // filled gabions (wrg/gabions.lua): a row of earth-filled baskets
      const g = el("g", { "data-siege": type }, siegeLayer);
      el("polygon", { points: pts(f.polygon), fill: "#a08d6a", stroke: "#5a4a30", "stroke-width": 1.5, "stroke-dasharray": "3 2" }, g);
      el("title", {}, g).textContent = "gabions";
    } else if (type === "siege_bridge") {
      // a bridge over a ditch (wrg/bridging.lua): planks across it
      const p = f.polygon, g = el("g", { "data-siege": type }, siegeLayer);
      el("polygon", { points: pts(p), fill: "#b08850", stroke: "#5a3e1e", "stroke-width": 2 }, g);
      for (let k = 1; k < 6; k++) {
        const t = k / 6, x1 = p[0] + (p[2] - p[0]) * t, y1 = p[1] + (p[3] - p[1]) * t, x2 = p[6] + (p[4] - p[6]) * t, y2 = p[7] + (p[5] - p[7]) * t;
        el("line", { x1: x1, y1: H - y1, x2: x2, y2: H - y2, stroke: "#5a3e1e", "stroke-width": 1 }, g);
      }
      el("title", {}, g).textContent = "bridge";
    } else if (type === "grass_fire" || type === "burnt_grass") {
      drawGrassFire(f, pts);
    } else if (type === "tank_wagon" || type === "tank_wagon_empty") {
      drawTankWagon(f, pts);
    }
  }
  // ladders: two rails from the unit's front to the wall's outer face
  for (const id in ladders) {
    const poly = faces[ladders[id]];
    const p = posAt(added[id], i);
    if (!poly || !p) continue;
    const ax = poly[0], ay = poly[1], bx = poly[2], by = poly[3];
    const vx = bx - ax, vy = by - ay, L = Math.hypot(vx, vy), t = Math.max(0.15, Math.min(0.85, ((p[0] - ax) * vx + (p[1] - ay) * vy) / (L * L)));
    const fx = ax + vx * t, fy = ay + vy * t, nx = vy / L, ny = -vx / L;
    for (const off of [-6, 6]) {
      const x0 = fx + vx / L * off, y0 = fy + vy / L * off;
      el("line", { x1: x0 + nx * 18, y1: H - (y0 + ny * 18), x2: x0 - nx * 8, y2: H - (y0 - ny * 8), stroke: "#e8d29a", "stroke-width": 2.5 }, siegeLayer);
    }
  }
}

// Grass fires (modules/sieges/wrg/grass_fire.lua): a burning area orange,
// an untenable one red with a bright edge, burnt ground dark.
function drawGrassFire(f, pts) {
  const st = f.grass_fire;
  const fill = f.type === "burnt_grass" ? "#2f2a24" : st === "untenable" ? "#d2401c" : "#f08a24";
  el("polygon", { points: pts(f.polygon), fill: fill, "fill-opacity": f.type === "burnt_grass" ? 0.55 : 0.6,
    stroke: st === "untenable" ? "#ffd34d" : "none", "stroke-width": 1.5 }, siegeLayer);
}
// Water tank wagons (modules/sieges/wrg/water.lua): a wagon with its water
// blue, empty grey.
function drawTankWagon(f, pts) {
  el("polygon", { points: pts(f.polygon), fill: f.type === "tank_wagon" ? "#3f7fbf" : "#8a8a8a", stroke: "#2e1f10",
    "stroke-width": 2 }, siegeLayer);
}

const unitEls = {};
function unitEl(id) {
  if (unitEls[id]) return unitEls[id];
  const a = added[id];
  const g = el("g", { class: "unit", "data-unit": id, "data-side": a.side }, unitLayer);
  el("rect", { class: "base", x: -a.width / 2, y: -a.depth / 2, width: a.width, height: a.depth, rx: 1.5,
    fill: sideColour(a.side), stroke: "rgba(0,0,0,.75)", "stroke-width": 2 }, g);
  // the front edge: a light stripe and a notch pointing ahead
  const fw = Math.max(3, Math.min(a.depth * 0.16, 8));
  el("rect", { x: -a.width / 2, y: -a.depth / 2, width: a.width, height: fw, fill: "#fff1c4", "pointer-events": "none" }, g);
  const nh = Math.min(a.depth * 0.35, 12);
  el("path", { d: "M" + -nh + " " + (-a.depth / 2 - 1) + "L0 " + (-a.depth / 2 - nh) + "L" + nh + " " + (-a.depth / 2 - 1) + "z",
    fill: "#fff1c4", stroke: "rgba(0,0,0,.6)", "stroke-width": 1.2 }, g);
  const label = el("text", { class: "ulabel", "text-anchor": "middle", "font-size": FS, "stroke-width": FS * 0.22 }, labelLayer);
  g.addEventListener("mouseenter", (ev) => hover(id, ev));
  g.addEventListener("mousemove", (ev) => moveTip(ev));
  g.addEventListener("mouseleave", () => hover(null));
  g.addEventListener("click", (ev) => { ev.stopPropagation(); select(id); });
  return (unitEls[id] = { g: g, label: label });
}
// A side's view: with the log's "sighted" events (lib.sighting, the weather
// module) the page can show only what one side had seen: its own units and
// the enemies in the `visible` list of its last sighting event at or before
// event i; everything else is hidden. "all" hides nothing.
const sightings = { 1: [], 2: [] };  // side -> [[event index, Set of unit ids]]
for (let i = 0; i < N; i++) {
  const e = EV[i];
  if (e.kind === "sighted" && sightings[e.side]) sightings[e.side].push([i, new Set((e.visible || []).map(String))]);
}
function sideView(s, i) {
  const v = $("view").value;
  let shown = 0;
  if (v !== "all") {
    const side = +v, list = sightings[side];
    let seen = new Set();
    for (const [j, set] of list) { if (j > i) break; seen = set; }
    for (const id in s.units) {
      if (s.units[id].side == side || seen.has(String(id))) continue;
      unitEls[id].g.style.display = "none"; unitEls[id].label.style.display = "none";
    }
  }
  for (const id in s.units) if (unitEls[id].g.style.display !== "none" && !s.units[id].removed) shown++;
  document.body.setAttribute("data-view", v);
  document.body.setAttribute("data-shown", shown);
}
function fitLabel(text, width) {
  const chars = Math.max(3, Math.floor((width * 1.25) / (FS * 0.56)));
  return text.length > chars ? text.slice(0, chars - 1) + "\u2026" : text;
}
function drawUnits(s) {
  for (const id in unitEls) { unitEls[id].g.style.display = "none"; unitEls[id].label.style.display = "none"; }
  for (const id in s.units) {
    const u = s.units[id], e = unitEl(id);
    const x = +u.x, y = H - u.y;
    e.g.style.display = ""; e.label.style.display = "";
    e.g.setAttribute("transform", "translate(" + x.toFixed(2) + " " + y.toFixed(2) + ") rotate(" + (-u.facing).toFixed(2) + ")");
    e.g.setAttribute("data-x", u.x); e.g.setAttribute("data-y", u.y); e.g.setAttribute("data-facing", u.facing);
    e.g.setAttribute("data-strength", u.strength); e.g.setAttribute("data-removed", u.removed ? "1" : "0");
    e.g.classList.toggle("removed", !!u.removed);
    e.g.classList.toggle("flying", u.layer > 0);
    e.g.classList.toggle("underground", u.layer < 0);
    e.g.setAttribute("data-layer", u.layer || 0);
    e.g.classList.toggle("sel", selected == id);
    e.label.classList.toggle("removed", !!u.removed);
    const strength = u.strength !== added[id].strength ? " \u00b7" + u.strength : "";
    e.label.textContent = fitLabel(shortLabel(id), u.width) + strength;
    // beside the base, on the side away from its front (north-up text, never upside down)
    const r = (u.facing * Math.PI) / 180, back = u.depth / 2 + FS * 0.95;
    const lx = x + Math.sin(r) * back, ly = y + Math.cos(r) * back + FS * 0.35;
    e.label.setAttribute("x", lx.toFixed(1)); e.label.setAttribute("y", ly.toFixed(1));
    drawAurasAndStates(e, u);
  }
}
// A module's zones round a unit (`zone` events: a saint's sanctity, a black
// magician's reach; radius in mm from the base's edge, drawn from its centre)
// and its states (`unit_state` events: petrified, invisible, a frog ...),
// named after its label.
function drawAurasAndStates(e, u) {
  const zones = u.removed ? [] : u.zones || [];
  e.auras = e.auras || [];
  zones.forEach((z, k) => {
    const c = e.auras[k] || (e.auras[k] = el("circle", { class: "aura aura-" + z.kind, fill: "none", "pointer-events": "none",
      stroke: z.kind === "sanctity" ? "#e8c547" : z.kind === "materialisation" ? "#8e44ad" : "#5dade2",
      "stroke-width": 2, "stroke-dasharray": "10 6" }, e.g));
    c.setAttribute("r", (z.radius + Math.max(u.width, u.depth) / 2).toFixed(1));
    c.style.display = "";
  });
  for (let k = zones.length; k < e.auras.length; k++) e.auras[k].style.display = "none";
  const st = Object.keys(u.states || {});
  e.g.setAttribute("data-states", st.join(","));
  if (st.length && !u.removed) e.label.textContent += " [" + st.map((k) => k.replace(/_/g, " ")).join(", ") + "]";
}
function centreAt(u, i) { const p = posAt(u, i); return p ? [p[0], H - p[1]] : null; }
function arrowPath(p, q, spec, cls, shortenBy) {
  const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy);
  if (len < 1) return;
  const cut = Math.min(shortenBy || 0, len * 0.4);
  const qx = q[0] - (dx / len) * cut, qy = q[1] - (dy / len) * cut;
  const sw = (FS * 0.3 * spec.width).toFixed(1);
  const d = "M" + p[0].toFixed(1) + " " + p[1].toFixed(1) + "L" + qx.toFixed(1) + " " + qy.toFixed(1);
  el("path", { d: d, class: "arrow " + cls, stroke: "rgba(0,0,0,.45)", "stroke-width": (+sw + FS * 0.12).toFixed(1) }, arrowLayer);
  const a = el("path", { d: d, class: "arrow " + cls, stroke: spec.colour, "stroke-width": sw }, arrowLayer);
  a.setAttribute("marker-end", "url(#m-" + spec.type + ")");
  if (spec.both) a.setAttribute("marker-start", "url(#m-" + spec.type + ")");
  if (spec.dash) a.setAttribute("stroke-dasharray", (FS * 0.6).toFixed(1) + " " + (FS * 0.35).toFixed(1));
}
function meleeMark(p, q, spec, cls) {  // the two centres joined, crossed swords between them
  const sw = FS * 0.3 * spec.width, mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2, r = FS * 0.7;
  const d = "M" + p[0].toFixed(1) + " " + p[1].toFixed(1) + "L" + q[0].toFixed(1) + " " + q[1].toFixed(1);
  el("path", { d: d, class: "arrow " + cls, stroke: spec.colour, "stroke-width": sw.toFixed(1), "stroke-dasharray": (sw * 1.5).toFixed(1) }, arrowLayer);
  el("circle", { cx: mx, cy: my, r: r, class: "arrow " + cls, fill: spec.colour, stroke: "rgba(0,0,0,.6)", "stroke-width": sw * 0.5 }, arrowLayer);
  const k = r * 0.55;
  el("path", { d: "M" + (mx - k) + " " + (my - k) + "L" + (mx + k) + " " + (my + k) + "M" + (mx + k) + " " + (my - k) + "L" + (mx - k) + " " + (my + k),
    class: "arrow " + cls, stroke: "#fff", "stroke-width": sw * 0.8 }, arrowLayer);
}
for (const t in ARROW) ARROW[t].type = t;
function drawArrows(i) {
  arrowLayer.textContent = "";
  if (i < 0) return;
  const g = groups[groupOf[i]];
  let count = 0;
  for (let j = g.start; j <= i; j++) {
    for (const a of arrowsOf(j)) {
      const spec = ARROW[a.type], cls = j === i ? "now" : "old";
      if (a.unit != null) {
        const p = centreAt(a.unit, a.from), q = centreAt(a.unit, a.to);
        if (p && q) { arrowPath(p, q, spec, cls, 0); count++; }
      } else {
        const p = centreAt(a.a, j), q = centreAt(a.b, j);
        const tb = added[a.b];
        if (p && q && a.type === "melee") { meleeMark(p, q, spec, cls); count++; }
        else if (p && q) { arrowPath(p, q, spec, cls, tb ? Math.min(tb.width, tb.depth) * 0.5 : 0); count++; }
      }
    }
  }
  arrowLayer.setAttribute("data-count", count);
}

// ---- unit state: tooltip and panel ------------------------------------------
let selected = null, cur = -1, state = emptyState();
const tip = $("tip");
function fieldRows(u, s) {
  const rows = [["side", u.side], ["name", u.name], ["label", u.label || "\u2014"], ["position", "(" + Math.round(u.x) + ", " +
    Math.round(u.y) + ") mm"], ["facing", deg(u.facing)], ["base", u.width + " \u00d7 " + u.depth + " mm"],
    ["strength", u.strength], ["removed", u.removed ? "yes (event " + EV[u.removedAt].seq + ", turn " + EV[u.removedAt].turn + ")" : "no"]];
  return rows;
}
function showValue(v) {
  if (isObj(v)) { const t = JSON.stringify(v); return esc(t.length > 160 ? t.slice(0, 157) + "\u2026" : t); }
  return typeof v === "number" ? num(v, 2) : esc(v);
}
function hover(id, ev) {
  document.querySelectorAll(".unit.hot").forEach((g) => g.classList.remove("hot"));
  if (id == null) { tip.style.display = "none"; return; }
  const u = state.units[id];
  if (!u) return;
  unitEls[id].g.classList.add("hot");
  const d = unitData(state, id);
  let html = "<b>" + esc(u.name || "unit " + id) + "</b><br>" + "side " + esc(u.side) + (u.label ? " \u00b7 " + esc(u.label) : "") +
    " \u00b7 strength " + esc(u.strength) + (u.removed ? " \u00b7 <b>removed</b>" : "") + "<br>(" + Math.round(u.x) + ", " +
    Math.round(u.y) + ") facing " + deg(u.facing);
  if (d && d.data) {
    const keys = Object.keys(d.data).filter((k) => !isObj(d.data[k])).slice(0, 8);
    html += "<br>" + keys.map((k) => nice(k) + " <b>" + showValue(d.data[k]) + "</b>").join(", ");
  }
  tip.innerHTML = html;
  tip.style.display = "block";
  if (ev) moveTip(ev);
}
function moveTip(ev) {
  const r = $("mapwrap").getBoundingClientRect();
  let x = ev.clientX - r.left + 14, y = ev.clientY - r.top + 14;
  if (x + 300 > r.width) x = Math.max(4, x - 320);
  if (y + tip.offsetHeight > r.height) y = Math.max(4, y - tip.offsetHeight - 24);
  tip.style.left = x + "px"; tip.style.top = y + "px";
}
function drawPanel() {
  const p = $("unitpanel");
  if (selected == null || !added[selected]) {
    p.innerHTML = '<span class="hint">Hover over a unit for its state; click one (on the map or in the events) to pin it here.</span>';
    return;
  }
  const u = state.units[selected];
  if (!u) { p.innerHTML = "<h2>" + esc(unitName(selected)) + '</h2><span class="hint">not on the table yet</span>'; return; }
  let html = '<h2 style="color:' + sideColour(u.side) + '">' + esc(u.name || "unit " + u.id) + "</h2><table>";
  for (const [k, v] of fieldRows(u, state)) html += "<tr><td>" + esc(k) + "</td><td>" + esc(v) + "</td></tr>";
  html += "</table>";
  const d = unitData(state, selected);
  if (d && d.data) {
    html += '<div class="sub">ruleset fields at the end of turn ' + esc(d.turn) + "</div><table>";
    for (const k of Object.keys(d.data).sort()) html += "<tr><td>" + nice(k) + "</td><td>" + showValue(d.data[k]) + "</td></tr>";
    html += "</table>";
  } else html += '<div class="sub">no turn has ended yet</div>';
  p.innerHTML = html;
}
function select(id) {
  selected = selected == id ? null : id;
  drawUnits(state); drawPanel();
}
svg.addEventListener("click", () => { if (selected != null) select(selected); });

// ---- event list, phase bar, summary, legend -------------------------------------
const list = $("events");
const rows = new Array(N);
{
  const frag = document.createDocumentFragment();
  let lastGroup = -1;
  for (let i = 0; i < N; i++) {
    const e = EV[i];
    if (groupOf[i] !== lastGroup) {
      lastGroup = groupOf[i];
      const h = document.createElement("li");
      h.className = "hdr";
      h.textContent = (e.turn ? "Turn " + e.turn : "Before the battle") + (e.phase ? " \u00b7 " + e.phase : "");
      frag.appendChild(h);
    }
    const li = document.createElement("li");
    li.className = "k-" + String(e.kind).replace(/[^\w-]/g, "_");
    li.dataset.i = i;
    li.innerHTML = '<span class="seq">' + esc(e.seq != null ? e.seq : i + 1) + "</span>" + describe(e);
    rows[i] = li;
    frag.appendChild(li);
  }
  list.appendChild(frag);
}
list.addEventListener("click", (ev) => {
  const u = ev.target.closest(".u");
  if (u) { select(+u.dataset.unit); ev.stopPropagation(); return; }
  const li = ev.target.closest("li[data-i]");
  if (li) go(+li.dataset.i);
});
const PHASE_HUES = {};
const bar = $("phasebar");
groups.forEach((g, k) => {
  const d = document.createElement("div");
  d.style.flex = String(g.end - g.start + 1);
  const light = g.turn % 2 ? 42 : 34;
  d.style.background = g.turn ? hashColour(String(g.phase), 40, light) : "#8c8577";
  if (k === 0 || groups[k - 1].turn !== g.turn) { if (!g.turn) d.textContent = "set-up"; d.style.borderLeft = "2px solid #2f2b24"; }
  d.title = (g.turn ? "Turn " + g.turn : "Before the battle") + (g.phase ? " \u00b7 " + g.phase : "") + " (" + (g.end - g.start + 1) + " events)";
  d.dataset.g = k;
  bar.appendChild(d);
});
bar.addEventListener("click", (ev) => { const d = ev.target.closest("[data-g]"); if (d) go(groups[+d.dataset.g].start); });
{
  const ticks = $("turnticks");
  let lastAt = -1;
  groups.forEach((g, k) => {
    if (!g.turn || (k > 0 && groups[k - 1].turn === g.turn)) return;
    const at = (100 * g.start) / N;
    if (lastAt >= 0 && at - lastAt < 3) return;
    lastAt = at;
    const t = document.createElement("span");
    t.style.left = at + "%";
    t.textContent = (lastTurn > 20 ? "" : "turn ") + g.turn;
    if (at > 96) t.style.transform = "translateX(-100%)";
    t.onclick = () => go(g.start);
    ticks.appendChild(t);
  });
}

{
  const sides = {};
  for (const id in added) sides[added[id].side] = (sides[added[id].side] || 0) + 1;
  let html = Object.keys(sides).map((s) => '<span style="color:' + sideColour(s) + ';filter:brightness(1.6)">\u25a0</span> side ' +
    esc(s) + ": <b>" + sides[s] + "</b> units").join(" \u00b7 ");
  html += " \u00b7 <b>" + lastTurn + "</b> turns \u00b7 " + N + " events";
  if (victory) html += " \u00b7 <b>" + (victory.winner != null ? "side " + esc(victory.winner) + " wins" : "result") + "</b>" +
    (victory.reason ? " (" + esc(victory.reason) + ")" : "");
  $("summary").innerHTML = html;
  const types = {};
  for (const e of EV) if ((e.kind === "terrain_added" || e.kind === "terrain_changed") && e.feature) types[e.feature.type] = true;
  let lg = Object.keys(sides).map((s) => '<span><span class="sw" style="background:' + sideColour(s) + '"></span>side ' + esc(s) + "</span>").join("");
  lg += Object.keys(types).sort().map((t) => '<span><span class="sw" style="background:' + terrainColour(t) + '"></span>' + nice(t) + "</span>").join("");
  const used = {};
  for (let i = 0; i < N; i++) for (const a of arrowsOf(i)) used[a.type] = true;
  lg += Object.keys(ARROW).filter((t) => used[t]).map((t) => '<span><span class="ar" style="border-color:' + ARROW[t].colour +
    (ARROW[t].dash ? ";border-top-style:dashed" : "") + '"></span>' + ARROW[t].label + "</span>").join("");
  lg += "<span>front edge: light stripe \u25b2</span>";
  $("legend").innerHTML = lg;
}

// ---- moving through the battle ---------------------------------------------
const slider = $("slider");
slider.max = String(Math.max(0, N - 1));
let currentRow = null;
function visible(i) { const r = rows[i]; return r && r.offsetParent !== null; }
function go(i) {
  if (!N) return;
  i = Math.max(0, Math.min(N - 1, i | 0));
  cur = i;
  state = stateAfter(i);
  slider.value = String(i);
  drawTerrain(state); drawSieges(state, i); drawUnits(state); sideView(state, i); drawArrows(i); drawPanel();
  if (tip.style.display === "block") tip.style.display = "none";
  const e = EV[i], g = groups[groupOf[i]];
  const onTable = Object.values(state.units).filter((u) => !u.removed).length;
  $("where").innerHTML = "<b>" + (e.turn ? "Turn " + esc(e.turn) : "Set-up") + "</b>" + (e.phase ? " \u00b7 " + esc(e.phase) : "") +
    " \u00b7 event " + (i + 1) + "/" + N + " \u00b7 " + onTable + " units on the table";
  bar.querySelectorAll(".on").forEach((d) => d.classList.remove("on"));
  const bd = bar.children[groupOf[i]]; if (bd) bd.classList.add("on");
  if (currentRow) currentRow.classList.remove("current");
  let j = i;
  while (j > 0 && !visible(j)) j--;
  currentRow = rows[j];
  if (currentRow) {
    currentRow.classList.add("current");
    const lr = list.getBoundingClientRect(), rr = currentRow.getBoundingClientRect();
    if (rr.top < lr.top + 24 || rr.bottom > lr.bottom) list.scrollTop += rr.top - lr.top - lr.height / 3;
  }
  document.body.setAttribute("data-event", i);
  document.body.setAttribute("data-seq", e.seq != null ? e.seq : i + 1);
  document.body.setAttribute("data-units", onTable);
  void g;
}
function nextShown(i, dir) {  // the next event the list shows (skipping hidden rolls)
  let j = i + dir;
  while (j > 0 && j < N - 1 && !visible(j)) j += dir;
  return j;
}
const phaseStart = (i) => groups[groupOf[i]].start;
$("b-start").onclick = () => go(0);
$("b-end").onclick = () => go(N - 1);
$("b-prev").onclick = () => go(nextShown(cur, -1));
$("b-next").onclick = () => go(nextShown(cur, 1));
$("b-prevphase").onclick = () => go(cur > phaseStart(cur) ? phaseStart(cur) : phaseStart(Math.max(0, cur - 1)));
$("b-nextphase").onclick = () => go(groupOf[cur] + 1 < groups.length ? groups[groupOf[cur] + 1].start : N - 1);
slider.oninput = () => go(+slider.value);
let timer = null;
function stop() { if (timer) clearInterval(timer); timer = null; $("b-play").innerHTML = "&#9654; Play"; }
function play() {
  if (timer) return stop();
  if (cur >= N - 1) go(0);
  const sp = $("speed").value, byPhase = sp === "phase";
  timer = setInterval(() => {
    if (cur >= N - 1) return stop();
    if (byPhase) $("b-nextphase").onclick(); else go(nextShown(cur, 1));
  }, byPhase ? 1000 : 1000 / +sp);
  $("b-play").innerHTML = "&#10074;&#10074; Pause";
}
$("b-play").onclick = play;
$("speed").onchange = () => { if (timer) { stop(); play(); } };
for (const k of ["roll", "unit_moved"]) {
  const box = $("f-" + k);
  document.body.classList.toggle("hide-" + k, !box.checked);
  box.onchange = () => { document.body.classList.toggle("hide-" + k, !box.checked); go(cur); };
}
$("f-ghosts").onchange = () => document.body.classList.toggle("ghosts", $("f-ghosts").checked);
if (sightings[1].length || sightings[2].length) $("viewbox").style.display = "";
$("view").onchange = () => go(cur);
document.addEventListener("keydown", (ev) => {
  if (ev.target.tagName === "INPUT" && ev.target.type !== "range" || ev.target.tagName === "SELECT") return;
  const keys = { ArrowLeft: "b-prev", ArrowRight: "b-next", PageUp: "b-prevphase", PageDown: "b-nextphase",
    Home: "b-start", End: "b-end", " ": "b-play" };
  if (keys[ev.key]) { ev.preventDefault(); $(keys[ev.key]).click(); }
});

// Where to start: the URL fragment (#turn=N, #seq=N, #end, #unit=ID, #view=1 or 2: a side's view), else
// the first event of turn 1 (everything deployed), else the start.
function fromHash() {
  const h = new URLSearchParams(location.hash.replace(/^#/, ""));
  if (h.has("view")) $("view").value = h.get("view");
  let i = -1;
  if (h.has("end")) i = N - 1;
  else if (h.has("seq")) i = EV.findIndex((e) => e.seq == h.get("seq"));
  else if (h.has("turn")) i = EV.findIndex((e) => e.turn >= +h.get("turn"));
  if (i < 0) i = EV.findIndex((e) => e.turn >= 1);
  if (i < 0) i = N - 1;
  go(i);
  if (h.has("end")) $("b-end").click();
  if (h.has("unit")) select(+h.get("unit"));
  if (h.has("play")) { if (h.get("play")) $("speed").value = h.get("play"); play(); }
}
window.addEventListener("hashchange", fromHash);
fromHash();
window.replay = { go: go, events: EV, stateAfter: stateAfter, get current() { return cur; } };
document.body.setAttribute("data-ready", "1");
})();
</script>
</body>
</html>
]==]

return page
