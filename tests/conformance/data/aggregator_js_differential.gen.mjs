// See README.md in this folder for how to run this against Gemini's own aggregator.
import { HookAggregator } from './hooks/hookAggregator.js';
const EVENTS = ['BeforeTool','AfterTool','BeforeAgent','AfterAgent','Notification','SessionStart','SessionEnd','PreCompress','BeforeModel','AfterModel','BeforeToolSelection'];
let seed = 7; const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
const pick = (a) => a[Math.floor(rnd() * a.length)];
const scalars = [null, true, false, 0, 1, 2.5, '', 'x', 'reason A', 'Z_tool', '_x', 'a_tool', '\u00e9', 'NONE', 'ANY', 'AUTO', 'none', 'block', 'deny', 'ask', 'allow', 'approve'];
function value(depth) {
  const r = rnd();
  if (depth > 2 || r < 0.5) return pick(scalars);
  if (r < 0.75) { const n = Math.floor(rnd()*3); return Array.from({length:n}, () => value(depth+1)); }
  const o = {}; const n = Math.floor(rnd()*3); for (let i=0;i<n;i++) o[pick(['a','b','additionalContext','clearContext','tool_input','mode'])] = value(depth+1); return o;
}
function hso() {
  const r = rnd();
  if (r < 0.08) return pick(['str', 5, true, 0, '', null]);
  if (r < 0.12) return [value(1)];
  const o = {};
  if (rnd() < 0.5) o.hookEventName = pick(EVENTS);
  if (rnd() < 0.4) o.additionalContext = pick(['ctx <b>', 'more', 5, null, ['x'], '']);
  if (rnd() < 0.3) o.clearContext = pick([true, false, 'true', 1]);
  if (rnd() < 0.3) o.tool_input = value(1);
  if (rnd() < 0.4) { const tc = {}; if (rnd()<0.8) tc.mode = pick(['NONE','ANY','AUTO','none','VALIDATED', 3]); if (rnd()<0.8) tc.allowedFunctionNames = pick([['b','a','Z'], ['a','a'], [], 'abc', ['\u00e9','e','\ud83d\ude00', '\uffff'], [1, '1', 2, null, true]]); o.toolConfig = pick([tc, tc, null, 'x', 0]); }
  if (rnd() < 0.2) o.llm_request = value(1);
  return o;
}
function output() {
  if (rnd() < 0.05) return [value(1)];
  const o = {};
  if (rnd() < 0.3) o.continue = pick([true, false, 0, 'false', null]);
  if (rnd() < 0.3) o.stopReason = pick(['stop', '', 5, {a:1}, ['a','b'], null]);
  if (rnd() < 0.5) o.decision = pick(['block','deny','ask','allow','approve','Deny', null, 3]);
  if (rnd() < 0.5) o.reason = pick(['r1', 'r2', '', 0, 7, {x:1}, [1,[2,3]], true, 1.5]);
  if (rnd() < 0.4) o.systemMessage = pick(['m1', '', 'm2', 3, false]);
  if (rnd() < 0.2) o.suppressOutput = pick([true, false, 1, '', 'yes']);
  if (rnd() < 0.6) o.hookSpecificOutput = hso();
  if (rnd() < 0.2) o.extra = value(1);
  return o;
}
const agg = new HookAggregator();
const cases = [];
for (let i = 0; i < 600; i++) {
  const event = pick(EVENTS);
  const n = 1 + Math.floor(rnd() * 4);
  const outputs = Array.from({length: n}, output);
  const results = outputs.map((o) => ({ output: o, duration: 1 }));
  let expect, throws = false;
  try {
    const r = agg.aggregateResults(results, event);
    expect = r.finalOutput === undefined ? null : JSON.parse(JSON.stringify(r.finalOutput));
  } catch (e) { throws = true; expect = null; }
  cases.push({ event, outputs, expect, throws });
}
console.log(JSON.stringify(cases));
