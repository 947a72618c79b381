// Study and sweep numbers checked from outside (helper Q2): every field of a study's `{ study }` and
// of sweep rows, over HTTP with real API and worker processes on the repository's real bars
// (packages/marketdata/demo: AAPL and MSFT daily, SPY 1-minute), against constants worked out by
// an independent Python implementation of docs/reference/language.md "Studies" and the API contract (study numbers,
// "Study statistics, extended", "Sweeps"), written from the documents' words with the numerical
// choices of docs/adr/0055-study-inference.md (mulberry32 bootstrap, Wilson z, Welch df), not
// from the code under test: forward returns, MFE/MAE, sample stdev, hit rate, Welch t and its
// two-sided p (scipy's t distribution), Holm over the combinations, events near the window's end
// and pooled instruments. The Python reads the bars the store holds (an indicator plotting OHLCV)
// and its definitions are the scripts' conditions recomputed (Pine's RSI, crossover, day of month
// and of week in New York time for minute bars, a daily bar's day its date).
//
// A sweep row pools every instrument's events; its mean_ci95 (a bootstrap of those returns in
// order) depended on which instrument's evaluation finished first, so the same sweep could answer
// two intervals. Rows pool the instruments in the request's order (docs/adr/0321): here the
// definition is slow on AAPL only, so on the tree before MSFT's returns came first. And a row
// measured only the first 10,000 events of an evaluation (a definition run's storage bound), the
// rest dropped without a word; it measures all of them (docs/adr/0322).
import { join } from "node:path";
import { importFile } from "@barscript/marketdata";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(300_000);

const DEMO = join(__dirname, "../../../packages/marketdata/demo");
const NY = "America/New_York";

const SCRIPTS: Record<string, string> = {
  "gap-up": `//@version=6
definition("Gap up")
alertcondition(open > high[1], "gap", "gap")
`,
  few: `//@version=6
definition("Few")
alertcondition(close > 700, "high", "h")
`,
  none: `//@version=6
definition("None")
alertcondition(close < 0, "never", "n")
`,
  // 2013-02-26T00:00:00Z in ms: the window's last four daily bars
  "last-bars": `//@version=6
definition("Last bars")
alertcondition(time >= 1361836800000, "late", "l")
`,
  "new-day": `//@version=6
definition("New day")
alertcondition(dayofmonth != dayofmonth[1], "open", "o")
`,
  // 20,000 loop steps a bar on AAPL only: its evaluations finish after MSFT's
  "slow-cross": `//@version=6
definition("RSI cross, slow on AAPL")
len = input.int(14, "Length", minval = 2)
level = input.int(30, "Level", minval = 5, maxval = 95)
float spin = 0.0
if syminfo.ticker == "AAPL"
    for i = 1 to 20000
        spin += 1
alertcondition(ta.crossover(ta.rsi(close, len), level) and spin >= 0, "cross", "c")
`,
  "every-bar": `//@version=6
definition("Every bar")
n = input.int(0, "n")
alertcondition(close > n, "bar", "b")
`,
  "gap-or-up": `//@version=6
definition("Gap or up day")
alertcondition(open > high[1], "gap", "gap")
alertcondition(close > open, "upday", "u")
`,
  "st-cool": `//@version=6
study("Cooldown over two definitions", horizons = [1, 4], cooldown = 3)
use("gap-up")
use("gap-or-up", events = ["upday"])
group("big", close > open * 1.01 ? "big" : "small")
group("wd", dayofweek)
`,
  "st-mix": `//@version=6
study("Mix", horizons = [1, 5])
use("gap-up")
use("few")
use("none")
use("last-bars")
`,
  "st-day": `//@version=6
study("Day open", horizons = [1, 15, 60])
use("new-day")
group("dow", str.tostring(dayofweek))
`,
};

type Num = number | null;
interface HorizonWant {
  h: number;
  count: number;
  [field: string]: Num | [number, number];
}
interface SweepRowWant {
  inputs: { len: number };
  events: number;
  horizons: HorizonWant[];
}
interface StudyWant {
  bars: number;
  events_used: number;
  baseline_count: number;
  baseline: HorizonWant[];
  groups: Array<{ slug: string; event: string; group: Record<string, string | number>; count: number; horizons: HorizonWant[] }>;
}

// ---- constants worked out by the independent Python (/tmp/q2/stats.py, not kept in the repository) ----
// Sweep of slow-cross over AAPL then MSFT, 2008-01-01..2012-12-31, grid len [7, 14] (level 30), horizons [1, 5].
const SWEEP_ROWS: SweepRowWant[] = [
  { inputs: { len: 7 }, events: 109, horizons: [
    { h: 1, count: 109, mean: 0.0026169437797535387, t_stat: 0.7692308149577488, p_value: 0.4433497107069913, p_adjusted: 0.8866994214139826, mean_ci95: [-0.0024454488819365345, 0.008224652089156227] },
    { h: 5, count: 109, mean: -0.002033748190423631, t_stat: -0.9269783274272106, p_value: 0.35587090520825126, p_adjusted: 0.35587090520825126, mean_ci95: [-0.012128307729847214, 0.007641424937975845] },
  ] },
  { inputs: { len: 14 }, events: 28, horizons: [
    { h: 1, count: 28, mean: 0.0022844266833477933, t_stat: 0.25304956276419777, p_value: 0.802131595210608, p_adjusted: 0.8866994214139826, mean_ci95: [-0.009650386789743884, 0.015759726023533236] },
    { h: 5, count: 28, mean: -0.016539276327993877, t_stat: -1.507149962759182, p_value: 0.14326617639109732, p_adjusted: 0.28653235278219463, mean_ci95: [-0.04203397855007085, 0.006617963523256671] },
  ] },
];
/** The same rows' mean_ci95 with MSFT's returns pooled first: what the tree before gave when MSFT's evaluation finished first. */
const SWEEP_CI_MSFT_FIRST = [[[-0.0022420259951261893, 0.0079591858182211], [-0.011510720945205107, 0.007187263842408404]], [[-0.00973780620406771, 0.01701010038561092], [-0.04322813861647632, 0.005796184497582895]]];
// Study st-mix on AAPL daily from 2012-01-01 to the last bar (2013-03-01): gap-up, few, none, last-bars.
const MIX: StudyWant = {
  bars: 291, events_used: 93, baseline_count: 291,
  baseline: [
    { h: 1, count: 290, mean: 0.00035801432958115163, median: -0.00027432230937030067, stdev: 0.01999101826463689, hit_rate: 0.49310344827586206, mfe_mean: 0.01082001661656046, mae_mean: -0.010292190973494028, mfe_median: 0.009551193213258702, mae_median: -0.008681838057776115, mean_ci95: [-0.0019244455101231528, 0.0026194288533687325], hit_rate_ci95: [0.4360298489872585, 0.5503573680649109], t_stat: null, p_value: null, abnormal_mean: null },
    { h: 5, count: 286, mean: 0.0018803423672449197, median: 0.0038572277183390735, stdev: 0.042184803068785824, hit_rate: 0.5384615384615384, mfe_mean: 0.03009263608828181, mae_mean: -0.030109046111764397, mfe_median: 0.024237811651773633, mae_median: -0.024031592673505298, mean_ci95: [-0.003027769445911011, 0.006651613132308641], hit_rate_ci95: [0.4805578132345463, 0.5953457517333968], t_stat: null, p_value: null, abnormal_mean: null },
  ],
  groups: [
    { slug: "gap-up", event: "gap", group: {  }, count: 87, horizons: [
      { h: 1, count: 87, mean: -0.0010892494231471684, median: 1.7077669239862203e-05, stdev: 0.020201677425699924, hit_rate: 0.5057471264367817, mfe_mean: 0.008005447665640065, mae_mean: -0.01093904599090026, mfe_median: 0.009648976875727744, mae_median: -0.008576722507688483, mean_ci95: [-0.0054211535766950465, 0.0027950244023077996], hit_rate_ci95: [0.40269096786899555, 0.6083172217063595], t_stat: -0.5874762910908391, p_value: 0.5578278490894429, abnormal_mean: -0.00144726375272832 },
      { h: 5, count: 86, mean: 0.0028992306504600236, median: 0.007632924513754968, stdev: 0.04503100640924096, hit_rate: 0.5581395348837209, mfe_mean: 0.0290939403864243, mae_mean: -0.030820296171491412, mfe_median: 0.02362835324557855, mae_median: -0.0196750744652055, mean_ci95: [-0.007120379393604577, 0.012128944071526076], hit_rate_ci95: [0.45293456995145753, 0.6583726164106654], t_stat: 0.18664213183054143, p_value: 0.8522255884596392, abnormal_mean: 0.0010188882832151038 },
    ] },
    { slug: "few", event: "high", group: {  }, count: 3, horizons: [
      { h: 1, count: 3, mean: -0.005951977126550045, median: -0.004842615012106477, stdev: 0.006845104914033687, hit_rate: 0.3333333333333333, mfe_mean: -0.0023471044629188955, mae_mean: -0.013274319812129379, mfe_median: -0.0029055690072640195, mae_median: -0.01207805155960695, mean_ci95: [-0.013284006342041854, 0.000270689974498195], hit_rate_ci95: [0.06149194472039621, 0.7923403991979522], t_stat: -1.5305526369640985, p_value: 0.24640686804521214, abnormal_mean: -0.006309991456131197 },
      { h: 5, count: 3, mean: -0.046708633967309655, median: -0.047122512819780304, stdev: 0.006093957344018222, hit_rate: 0.0, mfe_mean: 0.0005443603546153586, mae_mean: -0.05206851899022843, mfe_median: 0.004230166642928301, mae_median: -0.05676413032610095, mean_ci95: [-0.052585101837345216, -0.04041828724480345], hit_rate_ci95: [5.551115123125783e-17, 0.5614970317550454], t_stat: -11.265995833674175, p_value: 0.00017982625753582246, abnormal_mean: -0.04858897633455458 },
    ] },
    { slug: "last-bars", event: "late", group: {  }, count: 4, horizons: [
      { h: 1, count: 3, mean: -0.013897605177172312, median: -0.009800209368109325, stdev: 0.009503164026586285, hit_rate: 0.0, mfe_mean: 0.002618911320193096, mae_mean: -0.01717800512141432, mfe_median: 0.007422903029894012, mae_median: -0.01853130498697031, mean_ci95: [-0.02476212052560023, -0.007130485637807382], hit_rate_ci95: [5.551115123125783e-17, 0.5614970317550454], t_stat: -2.540731373675515, p_value: 0.11563296441979933, abnormal_mean: -0.014255619506753463 },
      { h: 5, count: 0, mean: null, median: null, stdev: null, hit_rate: null, mfe_mean: null, mae_mean: null, mfe_median: null, mae_median: null, mean_ci95: null, hit_rate_ci95: null, t_stat: null, p_value: null, abnormal_mean: null },
    ] },
  ],
};
// Study st-day on SPY 1-minute, 2011-01-03..2011-01-31T23:59Z, grouped by dayofweek (New York).
const DAY: StudyWant = {
  bars: 14143, events_used: 19, baseline_count: 14143,
  baseline: [
    { h: 1, count: 14142, mean: 1.3054143100212678e-06, median: 0.0, stdev: 0.00028701541595046456, hit_rate: 0.4007212558336869, mfe_mean: 0.00014111908133886334, mae_mean: -0.00014491345513654004, mfe_median: 7.849909726043158e-05, mae_median: -7.851450567597507e-05, mean_ci95: [-3.336593823465096e-06, 6.238656002607669e-06], hit_rate_ci95: [0.3926726728645887, 0.40882375927242925], t_stat: null, p_value: null, abnormal_mean: null },
    { h: 15, count: 14128, mean: 1.8854357843651703e-05, median: 0.0, stdev: 0.0009836199755525166, hit_rate: 0.4902321630804077, mfe_mean: 0.0006957719439563209, mae_mean: -0.0007210656611777589, mfe_median: 0.0005399568034558655, mae_median: -0.0004708467393863547, mean_ci95: [2.8316177217183216e-06, 3.469197999894737e-05], hit_rate_ci95: [0.48199275676456865, 0.4984768797789598], t_stat: null, p_value: null, abnormal_mean: null },
    { h: 60, count: 14083, mean: 7.365212998350804e-05, median: 7.85237534355332e-05, stdev: 0.0019387278321867818, hit_rate: 0.5152311297308813, mfe_mean: 0.0014756269803314062, mae_mean: -0.001517976297813701, mfe_median: 0.0011548233120333151, mae_median: -0.0010192081536651854, mean_ci95: [4.2863014655712915e-05, 0.00010637297531275436], hit_rate_ci95: [0.5069740161966846, 0.5234799362563244], t_stat: null, p_value: null, abnormal_mean: null },
  ],
  groups: [
    { slug: "new-day", event: "open", group: { dow: "3" }, count: 4, horizons: [
      { h: 1, count: 4, mean: 0.00023228476647657592, median: 0.0004638879604824675, stdev: 0.0007404295619830736, hit_rate: 0.75, mfe_mean: 0.00023228476647657592, mae_mean: 0.00023228476647657592, mfe_median: 0.0004638879604824675, mae_median: 0.0004638879604824675, mean_ci95: [-0.00039664018923973865, 0.00078034653414083], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 0.6238930908086868, p_value: 0.5769159121606183, abnormal_mean: 0.00023097935216655465 },
      { h: 15, count: 4, mean: 0.0007469938304588697, median: 0.0010053952000853572, stdev: 0.0020822595695501687, hit_rate: 0.75, mfe_mean: 0.0014053981681815264, mae_mean: -0.0008543635968209506, mfe_median: 0.0013533682358303212, mae_median: -0.0004352830519029349, mean_ci95: [-0.0009112322260041716, 0.002384176033610741], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 0.699352264473374, p_value: 0.5346730883049133, abnormal_mean: 0.000728139472615218 },
      { h: 60, count: 4, mean: 0.0006008781653340234, median: 0.0013370741012648235, stdev: 0.0025510877967487066, hit_rate: 0.75, mfe_mean: 0.002563233051717795, mae_mean: -0.0010283432830671957, mfe_median: 0.002851635026007715, mae_median: -0.0007057830905457529, mean_ci95: [-0.0015389237576925174, 0.0025188254188982517], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 0.4133003955947062, p_value: 0.7071444481075272, abnormal_mean: 0.0005272260353505154 },
    ] },
    { slug: "new-day", event: "open", group: { dow: "4" }, count: 4, horizons: [
      { h: 1, count: 4, mean: 3.70687012787585e-05, median: -9.63757739780302e-07, stdev: 0.0002331208533000722, hit_rate: 0.5, mfe_mean: 7.667266167479814e-05, mae_mean: -5.937447440215737e-05, mfe_median: 7.713073659842973e-05, mae_median: -0.0001166717646106652, mean_ci95: [-0.0001573024151302893, 0.0002314398176878063], hit_rate_ci95: [0.15003898915214947, 0.8499610108478506], t_stat: 0.30675610776059364, p_value: 0.7790721467994679, abnormal_mean: 3.576328696873723e-05 },
      { h: 15, count: 4, mean: 0.00011482785760597025, median: 0.00015434478700859788, stdev: 0.0004993913163665033, hit_rate: 0.5, mfe_mean: 0.0013270658422832593, mae_mean: -0.0003116072564925132, mfe_median: 0.0010580133393325308, mae_median: -0.0002761142963184082, mean_ci95: [-0.0003137159068780093, 0.0005433716220899498], hit_rate_ci95: [0.15003898915214947, 0.8499610108478506], t_stat: 0.38415099496403576, p_value: 0.7264255123099069, abnormal_mean: 9.597349976231855e-05 },
      { h: 60, count: 4, mean: -9.983901984403354e-05, median: 1.1901973018257905e-08, stdev: 0.000377910336090325, hit_rate: 0.5, mfe_mean: 0.0018284691890526061, mae_mean: -0.0010002064212440709, mfe_median: 0.001812810349527294, mae_median: -0.0007737167603344974, mean_ci95: [-0.0004559588896163036, 0.00015642992811118472], hit_rate_ci95: [0.15003898915214947, 0.8499610108478506], t_stat: -0.9147478036789455, p_value: 0.42686950326179574, abnormal_mean: -0.00017349114982754158 },
    ] },
    { slug: "new-day", event: "open", group: { dow: "5" }, count: 4, horizons: [
      { h: 1, count: 4, mean: 0.00025380324851037583, median: 0.0003123702611754764, stdev: 0.00017316423305691585, hit_rate: 0.75, mfe_mean: 0.00025380324851037583, mae_mean: 0.00025380324851037583, mfe_median: 0.0003123702611754764, mae_median: 0.0003123702611754764, mean_ci95: [7.838833581563787e-05, 0.00037065114854001324], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 2.915149236716635, p_value: 0.06162150536265058, abnormal_mean: 0.0002524978342003546 },
      { h: 15, count: 4, mean: 0.0014974459660380413, median: 0.0014507757536327825, stdev: 0.0019574616284060557, hit_rate: 0.5, mfe_mean: 0.002550233141772551, mae_mean: -0.0008758131984064055, mfe_median: 0.002739037210646056, mae_median: -0.0006247559547052361, mean_ci95: [-0.00019493853627922109, 0.0031898304683553036], hit_rate_ci95: [0.15003898915214947, 0.8499610108478506], t_stat: 1.510669468101446, p_value: 0.2280257574869492, abnormal_mean: 0.0014785916081943896 },
      { h: 60, count: 4, mean: 0.001748227813600789, median: 0.00230624472560359, stdev: 0.002282366645633413, hit_rate: 0.75, mfe_mean: 0.003288813491809761, mae_mean: -0.0010905730578363027, mfe_median: 0.0031701730576320086, mae_median: -0.0010542756735650305, mean_ci95: [-0.0003095864833165818, 0.003382439731138387], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 1.4672525284637663, p_value: 0.2385574082315715, abnormal_mean: 0.0016745756836172808 },
    ] },
    { slug: "new-day", event: "open", group: { dow: "6" }, count: 4, horizons: [
      { h: 1, count: 4, mean: -0.0007009009334497107, median: -0.00031106708395822746, stdev: 0.0009432490674256235, hit_rate: 0.0, mfe_mean: -0.0006816212234165009, mae_mean: -0.0007009009334497107, mfe_median: -0.0002725076638918078, mae_median: -0.00031106708395822746, mean_ci95: [-0.001634941933837869, -0.00011683850077290336], hit_rate_ci95: [0.0, 0.4898908364545973], t_stat: -1.4888902144828262, p_value: 0.23326299229446582, abnormal_mean: -0.000702206347759732 },
      { h: 15, count: 4, mean: 0.0012885631262802288, median: 0.0016689403012480897, stdev: 0.0013854983058550346, hit_rate: 0.75, mfe_mean: 0.0018331528524918594, mae_mean: -0.0011311713592290218, mfe_median: 0.002368711653982891, mae_median: -0.0008234396991234072, mean_ci95: [-0.00010154731384992566, 0.0023121334822776007], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 1.8327242688923204, p_value: 0.16419708915010134, abnormal_mean: 0.0012697087684365772 },
      { h: 60, count: 4, mean: 0.0016604073034216793, median: 0.0027686585733460722, stdev: 0.003097323997653857, hit_rate: 0.75, mfe_mean: 0.0028082532680592243, mae_mean: -0.0014816386489486522, mfe_median: 0.0032722515153561504, mae_median: -0.0008234396991234072, mean_ci95: [-0.0013745566776260099, 0.0035871200145449755], hit_rate_ci95: [0.30064184258240184, 0.9544127391902995], t_stat: 1.0245404699679186, p_value: 0.38096364441327896, abnormal_mean: 0.0015867551734381712 },
    ] },
    { slug: "new-day", event: "open", group: { dow: "2" }, count: 3, horizons: [
      { h: 1, count: 3, mean: 0.00010517916535020728, median: 0.0, stdev: 0.00032637908056373706, hit_rate: 0.3333333333333333, mfe_mean: 0.00010517916535020728, mae_mean: -5.188067444879726e-05, mfe_median: 0.0, mae_median: 0.0, mean_ci95: [-0.00015564202334639177, 0.00047117951939701364], hit_rate_ci95: [0.06149194472039621, 0.7923403991979522], t_stat: 0.551199109889879, p_value: 0.6368356099418313, abnormal_mean: 0.00010387375104018602 },
      { h: 15, count: 3, mean: 0.0002647885184213032, median: -0.0005534034311012181, stdev: 0.002192328415671067, hit_rate: 0.3333333333333333, mfe_mean: 0.0023494962599887406, mae_mean: -0.0009626779270986244, mfe_median: 0.0027485471964818764, mae_median: -0.0005534034311012181, mean_ci95: [-0.0014007782101167487, 0.0027485471964818764], hit_rate_ci95: [0.06149194472039621, 0.7923403991979522], t_stat: 0.19429632652565282, p_value: 0.8638889575223996, abnormal_mean: 0.0002459341605776515 },
      { h: 60, count: 3, mean: 0.001049538841342364, median: 0.000474345798086917, stdev: 0.0018715696438625338, hit_rate: 0.6666666666666666, mfe_mean: 0.0028992056992851456, mae_mean: -0.001463376269523568, mfe_median: 0.003035019455252863, mae_median: -0.0020554984583760483, mean_ci95: [-0.00046692607003895326, 0.0031411967959791287], hit_rate_ci95: [0.2076596008020477, 0.9385080552796037], t_stat: 0.90303463629956, p_value: 0.4617809766255511, abnormal_mean: 0.0009758867113588561 },
    ] },
  ],
};

// Study st-cool2 on AAPL daily, the 400 bars ending 2009-06-30: cooldown 3 per definition and name, gap-or-up's
// upday events only, grouped by a string and by dayofweek (a number; a daily bar's day is its date).
const COOL: StudyWant = {
  bars: 400, events_used: 157, baseline_count: 400,
  baseline: [
    { h: 1, count: 399, mean: -4.2456137893799096e-05, stdev: 0.032998217917734086, hit_rate: 0.5112781954887218, t_stat: null, p_value: null, mean_ci95: [-0.003462973973540954, 0.0030959493282418423], hit_rate_ci95: [0.46235696664855447, 0.5599843286747899] },
    { h: 4, count: 396, mean: -0.000500848876929713, stdev: 0.06285593001783812, hit_rate: 0.5, t_stat: null, p_value: null, mean_ci95: [-0.006551574230319975, 0.005770271095289558], hit_rate_ci95: [0.4509911870301681, 0.5490088129698318] },
  ],
  groups: [
    { slug: "gap-or-up", event: "upday", group: { big: "big", wd: 2 }, count: 9, horizons: [
      { h: 1, count: 9, mean: -0.01626826148796988, stdev: 0.03490199783272594, hit_rate: 0.4444444444444444, t_stat: -1.3808372554270383, p_value: 0.20326114209058257, mean_ci95: [-0.04015253192128569, 0.002582180769894743], hit_rate_ci95: [0.18877852109766452, 0.733348706504507] },
      { h: 4, count: 9, mean: 0.018114256538354696, stdev: 0.030653619584718902, hit_rate: 0.6666666666666666, t_stat: 1.740551589398546, p_value: 0.11364724277964525, mean_ci95: [0.002124029360725735, 0.03986544207411296], hit_rate_ci95: [0.3542021355803963, 0.879416181613089] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "big", wd: 3 }, count: 18, horizons: [
      { h: 1, count: 18, mean: -0.008537736493653796, stdev: 0.04524773405674223, hit_rate: 0.4444444444444444, t_stat: -0.7871701400978564, p_value: 0.4415237316032141, mean_ci95: [-0.030195304028308213, 0.010276353295659497], hit_rate_ci95: [0.24559518127005633, 0.6628358435795723] },
      { h: 4, count: 18, mean: 0.0042215752992750145, stdev: 0.081822187791223, hit_rate: 0.6111111111111112, t_stat: 0.24164738472020172, p_value: 0.8117964189122172, mean_ci95: [-0.033663308466451686, 0.038286184661548976], hit_rate_ci95: [0.3861904160223791, 0.7969475342783638] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "big", wd: 4 }, count: 13, horizons: [
      { h: 1, count: 13, mean: 0.0024688270561301373, stdev: 0.027869311185745742, hit_rate: 0.38461538461538464, t_stat: 0.31771836825087785, p_value: 0.7556984939239784, mean_ci95: [-0.01098041266603042, 0.017134191084312144], hit_rate_ci95: [0.17709707797762575, 0.6447710848733431] },
      { h: 4, count: 13, mean: -0.012980483886994337, stdev: 0.0563348395830031, hit_rate: 0.38461538461538464, t_stat: -0.7828861449131364, p_value: 0.44772132107736734, mean_ci95: [-0.04083696154669081, 0.015130373150719065], hit_rate_ci95: [0.17709707797762575, 0.6447710848733431] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "big", wd: 5 }, count: 17, horizons: [
      { h: 1, count: 17, mean: -0.016153631572815137, stdev: 0.026756966634971187, hit_rate: 0.23529411764705882, t_stat: -2.4059164324771403, p_value: 0.02700617482969062, mean_ci95: [-0.02784034489704522, -0.003647241108478154], hit_rate_ci95: [0.09555044322080117, 0.4726179811956498] },
      { h: 4, count: 17, mean: -0.01833939125556392, stdev: 0.06443353165329947, hit_rate: 0.4117647058823529, t_stat: -1.118863795177287, p_value: 0.27846516728542575, mean_ci95: [-0.04908377140147686, 0.00914507950723681], hit_rate_ci95: [0.2161105679021481, 0.6399455735700021] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "big", wd: 6 }, count: 11, horizons: [
      { h: 1, count: 11, mean: 0.014307607602305428, stdev: 0.05469629815549881, hit_rate: 0.45454545454545453, t_stat: 0.8658131709491865, p_value: 0.4064936181937341, mean_ci95: [-0.014110709790647848, 0.04786535398584443], hit_rate_ci95: [0.21271271622459764, 0.719908462590678] },
      { h: 4, count: 11, mean: 0.013797718351922379, stdev: 0.02823856990905588, hit_rate: 0.7272727272727273, t_stat: 1.5745126752224894, p_value: 0.1395000266888295, mean_ci95: [-0.000926795903679212, 0.029764413707436262], hit_rate_ci95: [0.43435469882387084, 0.902539407099751] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "small", wd: 2 }, count: 5, horizons: [
      { h: 1, count: 5, mean: -0.011759617560836811, stdev: 0.025120529209072966, hit_rate: 0.2, t_stat: -1.031889638800674, p_value: 0.35815179864045305, mean_ci95: [-0.03499824584060185, 0.0047393005646789495], hit_rate_ci95: [0.03622410863243014, 0.6244653702374747] },
      { h: 4, count: 5, mean: -0.0007364467726206136, stdev: 0.07453398614662682, hit_rate: 0.6, t_stat: -0.007036567544680739, p_value: 0.9947169425469047, mean_ci95: [-0.059209326885944956, 0.055540160671756135], hit_rate_ci95: [0.2307242812760128, 0.882379225767352] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "small", wd: 3 }, count: 5, horizons: [
      { h: 1, count: 5, mean: -0.008461874219980459, stdev: 0.02450679217687893, hit_rate: 0.4, t_stat: -0.7596302850304396, p_value: 0.488032735926548, mean_ci95: [-0.02686668519425217, 0.01162846796756758], hit_rate_ci95: [0.11762077423264783, 0.769275718723987] },
      { h: 4, count: 5, mean: -0.009996292858752498, stdev: 0.036785416604935145, hit_rate: 0.4, t_stat: -0.5668438785657303, p_value: 0.5991075935840516, mean_ci95: [-0.03727223222378773, 0.01727964650628273], hit_rate_ci95: [0.11762077423264783, 0.769275718723987] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "small", wd: 4 }, count: 10, horizons: [
      { h: 1, count: 10, mean: 0.007367000962824688, stdev: 0.02495194535198997, hit_rate: 0.7, t_stat: 0.919107916327791, p_value: 0.38009256863947044, mean_ci95: [-0.007298127524025773, 0.020457281855700473], hit_rate_ci95: [0.39677814746114537, 0.8922087325936989] },
      { h: 4, count: 10, mean: -0.0007778633867125851, stdev: 0.04937917279688071, hit_rate: 0.5, t_stat: -0.01738803638161551, p_value: 0.9864776746888807, mean_ci95: [-0.028811085441534472, 0.028775415320571193], hit_rate_ci95: [0.236593090512564, 0.7634069094874361] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "small", wd: 5 }, count: 6, horizons: [
      { h: 1, count: 6, mean: -0.004227806907068939, stdev: 0.01955100734337805, hit_rate: 0.3333333333333333, t_stat: -0.5134877543445099, p_value: 0.627793396190306, mean_ci95: [-0.017368167762895348, 0.010662004999985578], hit_rate_ci95: [0.09677141110578041, 0.700006684861608] },
      { h: 4, count: 6, mean: -0.006297142807243676, stdev: 0.03168615715505037, hit_rate: 0.5, t_stat: -0.43529220397241675, p_value: 0.6795841305684878, mean_ci95: [-0.028890652805584466, 0.015472913219311582], hit_rate_ci95: [0.1876163064826506, 0.8123836935173494] },
    ] },
    { slug: "gap-or-up", event: "upday", group: { big: "small", wd: 6 }, count: 10, horizons: [
      { h: 1, count: 10, mean: 0.016669239512537147, stdev: 0.04486565875697834, hit_rate: 0.7, t_stat: 1.169990325624297, p_value: 0.27127989296107413, mean_ci95: [-0.006930297599077818, 0.0454590205926856], hit_rate_ci95: [0.39677814746114537, 0.8922087325936989] },
      { h: 4, count: 10, mean: 0.0184641768631044, stdev: 0.0614669964290729, hit_rate: 0.7, t_stat: 0.9630563863433442, p_value: 0.3594371041716258, mean_ci95: [-0.018611804931386366, 0.05323948663134371], hit_rate_ci95: [0.39677814746114537, 0.8922087325936989] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "big", wd: 2 }, count: 9, horizons: [
      { h: 1, count: 9, mean: -0.01044896694320854, stdev: 0.024198287047435377, hit_rate: 0.5555555555555556, t_stat: -1.2639193119437484, p_value: 0.23912714391561815, mean_ci95: [-0.027077854632303774, 0.0037095537378288527], hit_rate_ci95: [0.26665129349549305, 0.8112214789023355] },
      { h: 4, count: 9, mean: -0.025320960413969917, stdev: 0.043573183344401634, hit_rate: 0.2222222222222222, t_stat: -1.6698270591497808, p_value: 0.13016172172208873, mean_ci95: [-0.05419434144699581, -0.0015585566462005954], hit_rate_ci95: [0.06322510711784671, 0.5474110308930111] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "big", wd: 3 }, count: 5, horizons: [
      { h: 1, count: 5, mean: -0.0036621877183881544, stdev: 0.013744624383667157, hit_rate: 0.4, t_stat: -0.5687019194554908, p_value: 0.5961977307780668, mean_ci95: [-0.013438740893408773, 0.008082346466048307], hit_rate_ci95: [0.11762077423264783, 0.769275718723987] },
      { h: 4, count: 5, mean: 0.011168455222478623, stdev: 0.04354353473322884, hit_rate: 0.4, t_stat: 0.5915166993806356, p_value: 0.5844604994286284, mean_ci95: [-0.020534336660690045, 0.04288215228751573], hit_rate_ci95: [0.11762077423264783, 0.769275718723987] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "big", wd: 4 }, count: 6, horizons: [
      { h: 1, count: 6, mean: 0.022748847047795746, stdev: 0.026702478914692036, hit_rate: 0.8333333333333334, t_stat: 2.067106872238917, p_value: 0.09109101973040304, mean_ci95: [0.0038383221327348074, 0.0416535148408386], hit_rate_ci95: [0.43649717781352987, 0.9699466302516935] },
      { h: 4, count: 6, mean: 0.031187762533990786, stdev: 0.03599448715586337, hit_rate: 0.6666666666666666, t_stat: 2.1083112277896907, p_value: 0.08401513114533798, mean_ci95: [0.004811665787042767, 0.056739266843460645], hit_rate_ci95: [0.299993315138392, 0.9032285888942195] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "big", wd: 5 }, count: 3, horizons: [
      { h: 1, count: 3, mean: -0.005581520242449438, stdev: 0.02835837833372697, hit_rate: 0.6666666666666666, t_stat: -0.3366015790354353, p_value: 0.7678853360525633, mean_ci95: [-0.03764144407666847, 0.016220666941128004], hit_rate_ci95: [0.2076596008020477, 0.9385080552796037] },
      { h: 4, count: 3, mean: -0.003857220711747692, stdev: 0.03588673891459303, hit_rate: 0.6666666666666666, t_stat: -0.16014293417188524, p_value: 0.8868923380987408, mean_ci95: [-0.04172119159418064, 0.029655498993725438], hit_rate_ci95: [0.2076596008020477, 0.9385080552796037] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "big", wd: 6 }, count: 2, horizons: [
      { h: 1, count: 2, mean: 0.014542500560238592, stdev: 0.0419598824566266, hit_rate: 0.5, t_stat: 0.49081039437576135, p_value: 0.7091275126581305, mean_ci95: [-0.015127616862632531, 0.044212617983109714], hit_rate_ci95: [0.09453120573423074, 0.9054687942657693] },
      { h: 4, count: 2, mean: 0.025890270027157936, stdev: 0.03276148060081949, hit_rate: 1.0, t_stat: 1.1287802075522195, p_value: 0.4562079522049314, mean_ci95: [0.0027244049326069497, 0.04905613512170892], hit_rate_ci95: [0.34238022750665303, 1.0] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "small", wd: 2 }, count: 4, horizons: [
      { h: 1, count: 4, mean: -0.023760090011356344, stdev: 0.011755737500412883, hit_rate: 0.0, t_stat: -3.8845695881303115, p_value: 0.022911282799895395, mean_ci95: [-0.03452652784355567, -0.014778886680584413], hit_rate_ci95: [0.0, 0.4898908364545973] },
      { h: 4, count: 4, mean: -0.05550603144068847, stdev: 0.003711168649119838, hit_rate: 0.0, t_stat: -15.014995618835119, p_value: 1.1287314769183675e-18, mean_ci95: [-0.058149977548271226, -0.05187133826703663], hit_rate_ci95: [0.0, 0.4898908364545973] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "small", wd: 3 }, count: 5, horizons: [
      { h: 1, count: 5, mean: -0.0009603029843779254, stdev: 0.04312293418279529, hit_rate: 0.6, t_stat: -0.04741976192368354, p_value: 0.9644204125640216, mean_ci95: [-0.036879938685749236, 0.029339220122738707], hit_rate_ci95: [0.2307242812760128, 0.882379225767352] },
      { h: 4, count: 5, mean: 0.07735130876546233, stdev: 0.14067308320130095, hit_rate: 0.8, t_stat: 1.2359415841149082, p_value: 0.2837851126986756, mean_ci95: [-0.030960051250383525, 0.17387877839263782], hit_rate_ci95: [0.37553462976252533, 0.9637758913675698] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "small", wd: 4 }, count: 6, horizons: [
      { h: 1, count: 6, mean: 0.012710734670703772, stdev: 0.029143080665381557, hit_rate: 0.8333333333333334, t_stat: 1.0617259910898766, p_value: 0.3352077732236315, mean_ci95: [-0.01186073764341541, 0.02962924545600598], hit_rate_ci95: [0.43649717781352987, 0.9699466302516935] },
      { h: 4, count: 6, mean: 0.027640558063919313, stdev: 0.06368555373613188, hit_rate: 0.6666666666666666, t_stat: 1.0744815811980206, p_value: 0.3303615386662172, mean_ci95: [-0.021470330820426577, 0.07594838343701515], hit_rate_ci95: [0.299993315138392, 0.9032285888942195] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "small", wd: 5 }, count: 5, horizons: [
      { h: 1, count: 5, mean: -0.002930525076782553, stdev: 0.0276719588542846, hit_rate: 0.4, t_stat: -0.23132216426535024, p_value: 0.8280403449541086, mean_ci95: [-0.023258250392875858, 0.019137699654891805], hit_rate_ci95: [0.11762077423264783, 0.769275718723987] },
      { h: 4, count: 5, mean: 0.024375410475974135, stdev: 0.04033251543435288, hit_rate: 0.8, t_stat: 1.3584879824711753, p_value: 0.24196312575278467, mean_ci95: [-0.00510329016451525, 0.05385411111646352], hit_rate_ci95: [0.37553462976252533, 0.9637758913675698] },
    ] },
    { slug: "gap-up", event: "gap", group: { big: "small", wd: 6 }, count: 8, horizons: [
      { h: 1, count: 8, mean: -0.02276766870844653, stdev: 0.026374611932424175, hit_rate: 0.25, t_stat: -2.399696989124225, p_value: 0.04542117071212496, mean_ci95: [-0.03937940465413944, -0.006784643499065773], hit_rate_ci95: [0.071479212752109, 0.5907245696898311] },
      { h: 4, count: 8, mean: -0.008252295999220727, stdev: 0.060729371796931254, hit_rate: 0.375, t_stat: -0.3571738913581561, p_value: 0.7310566155407197, mean_ci95: [-0.04637761972449807, 0.03311212440704156], hit_rate_ci95: [0.13684428582359742, 0.6942576053973727] },
    ] },
  ],
};
// Sweep of every-bar (n 0) over SPY 1-minute, 2011-01-03..2011-01-31T23:59Z (14,143 bars), horizons [1, 60]:
// every window bar is an event, so the row is the baseline itself (t 0, p 1, abnormal mean 0).
const EVERY_ROW: Omit<SweepRowWant, "inputs"> = { events: 14143, horizons: [
  { h: 1, count: 14142, mean: 1.3054143100212678e-06, t_stat: 0.0, p_value: 1.0, p_adjusted: 1.0, abnormal_mean: 0.0, mean_ci95: [-3.336593823465096e-06, 6.238656002607669e-06] },
  { h: 60, count: 14083, mean: 7.365212998350804e-05, t_stat: 0.0, p_value: 1.0, p_adjusted: 1.0, abnormal_mean: 0.0, mean_ci95: [4.2863014655712915e-05, 0.00010637297531275436] },
] };

const h = new RunsHarness();
let client: Client;
let handle: string;

beforeAll(async () => {
  await h.setup();
  const meta = (name: string, exchange: string): { name: string; exchange: string; assetClass: "equity"; currency: string; timezone: string; session: string } => ({ name, exchange, assetClass: "equity", currency: "USD", timezone: NY, session: "0930-1600" });
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: join(DEMO, "MSFT.csv"), format: "bokeh", meta: meta("Microsoft", "NASDAQ") });
  await importFile(h.env.db, { symbol: "SPY", timeframe: "1m", file: join(DEMO, "nt-spy-minute-2011.csv"), format: "ninjatrader", meta: meta("SPY", "NYSE Arca") });
  const a = await h.account();
  client = a.client;
  handle = a.handle;
  for (const [slug, source] of Object.entries(SCRIPTS)) {
    const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
    if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
  }
});
afterAll(() => h.teardown());

async function finalOf(kind: "runs" | "sweeps", answer: { status: number; text: string; json: any }): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  if (answer.status !== 202) throw new Error(`start: ${answer.status} ${answer.text}`);
  let body = answer.json;
  while (["queued", "running"].includes(body.status as string)) body = (await client.call("GET", `/${kind}/${String(body.id)}?wait=10`)).json;
  return body;
}

/** Equal to 1e-9 relative (null to null, intervals bound by bound); the field named on failure. */
function expectNear(where: string, got: unknown, want: Num | [number, number]): void {
  if (want === null || got === null || got === undefined) {
    expect([where, got]).toEqual([where, want]);
    return;
  }
  if (Array.isArray(want)) {
    expect([where, Array.isArray(got) && got.length === 2]).toEqual([where, true]);
    want.forEach((w, i) => expectNear(`${where}[${i}]`, (got as number[])[i], w));
    return;
  }
  const ok = typeof got === "number" && Math.abs(got - want) <= 1e-9 * Math.max(1e-6, Math.abs(want));
  expect([where, got, ok]).toEqual([where, ok ? got : want, true]);
}

function expectHorizons(where: string, got: Array<Record<string, unknown>>, want: HorizonWant[]): void {
  expect(got.map((x) => x["h"])).toEqual(want.map((x) => x.h));
  want.forEach((w, j) => {
    for (const [k, v] of Object.entries(w)) expectNear(`${where} h${w.h} ${k}`, got[j]![k], v);
  });
}

async function studyOf(script: string, window: Record<string, unknown>): Promise<{ run: any; study: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const run = await finalOf("runs", await client.start({ script, ...window, wait: 60 }));
  expect(run.status).toBe("succeeded");
  const res = await client.call("GET", `/runs/${String(run.id)}/results`);
  expect(res.status).toBe(200);
  return { run, study: res.json.study };
}

function expectStudy(study: any, run: any, want: StudyWant): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  expect(run.window.bars).toBe(want.bars);
  expect(study.events_used).toBe(want.events_used);
  expect(study.baseline.count).toBe(want.baseline_count);
  expectHorizons("baseline", study.baseline.horizons, want.baseline);
  const key = (d: string, e: string, g: unknown): string => `${d} ${e} ${JSON.stringify(g)}`;
  expect(study.groups.map((g: { definition: string; event: string; group: unknown }) => key(g.definition, g.event, g.group)).sort()).toEqual(want.groups.map((g) => key(`${handle}/${g.slug}`, g.event, g.group)).sort());
  for (const w of want.groups) {
    const g = study.groups.find((x: { definition: string; event: string; group: unknown }) => key(x.definition, x.event, x.group) === key(`${handle}/${w.slug}`, w.event, w.group));
    expect([w.slug, g.count]).toEqual([w.slug, w.count]);
    expectHorizons(`${w.slug} ${JSON.stringify(w.group)}`, g.horizons, w.horizons);
  }
}

describe("study numbers against the independent computation", () => {
  test("AAPL daily: many gap ups, three closes above 700, none at all, four events on the window's last bars (none with room for h = 5)", async () => {
    const { run, study } = await studyOf("st-mix", { instrument: "AAPL", timeframe: "1d", from: "2012-01-01T00:00:00Z" });
    expect(study.horizons).toEqual([1, 5]);
    expectStudy(study, run, MIX);
    // events counted in the summary: every event of the window, the last-bar ones included
    expect(run.summary.events).toBe(MIX.groups.reduce((a, g) => a + g.count, 0));
  });

  test("AAPL daily: a cooldown of 3 bars per definition and event name over two definitions, one of them filtered, two group()s", async () => {
    const { run, study } = await studyOf("st-cool", { instrument: "AAPL", timeframe: "1d", to: "2009-06-30T00:00:00Z", bars: 400 });
    expectStudy(study, run, COOL);
    // the definitions' events of the used names before the cooldown (docs/adr/0055): 285, of which 157 are kept and used
    expect(run.summary.events).toBe(285);
  });

  test("SPY 1-minute: the first bar of each New York day, grouped by dayofweek, horizons of 1, 15 and 60 minutes", async () => {
    const { run, study } = await studyOf("st-day", { instrument: "SPY", timeframe: "1m", from: "2011-01-03T00:00:00Z", to: "2011-01-31T23:59:00Z" });
    expectStudy(study, run, DAY);
  });
});

describe("sweep rows against the independent computation", () => {
  const request = { definition: "slow-cross", instruments: ["AAPL", "MSFT"], timeframe: "1d", from: "2008-01-01T00:00:00Z", to: "2012-12-31T00:00:00Z", grid: { len: [7, 14] }, horizons: [1, 5], wait: 60 };

  async function rowsOf(): Promise<Array<{ rank: number; inputs: { len: number }; events: number; horizons: Array<Record<string, unknown>> }>> {
    const sweep = await finalOf("sweeps", await client.call("POST", "/sweeps", request));
    expect(sweep.status).toBe("succeeded");
    const res = await client.call("GET", `/sweeps/${String(sweep.id)}/results`);
    expect(res.status).toBe(200);
    return res.json.data;
  }

  test("every row's numbers, mean_ci95 over AAPL's returns then MSFT's (not MSFT's first, which finished first)", async () => {
    const rows = await rowsOf();
    // default ranking: the first horizon's t_stat, descending
    expect(rows.map((r) => [r.rank, r.inputs])).toEqual([[1, { len: 7 }], [2, { len: 14 }]]);
    for (const w of SWEEP_ROWS) {
      const row = rows.find((r) => r.inputs.len === w.inputs.len)!;
      expect([w.inputs, row.events]).toEqual([w.inputs, w.events]);
      expectHorizons(`len ${w.inputs.len}`, row.horizons, w.horizons);
    }
    // the interval of the other order differs well beyond the tolerance: the order matters
    expect(Math.abs(SWEEP_CI_MSFT_FIRST[0]![0]![0]! - (SWEEP_ROWS[0]!.horizons[0]!["mean_ci95"] as [number, number])[0])).toBeGreaterThan(1e-4);
  });

  test("a row measures all of its events: 14,143 on SPY 1-minute, not the first 10,000 (a sweep stores none; docs/adr/0322)", async () => {
    const sweep = await finalOf("sweeps", await client.call("POST", "/sweeps", { definition: "every-bar", instruments: ["SPY"], timeframe: "1m", from: "2011-01-03T00:00:00Z", to: "2011-01-31T23:59:00Z", grid: { n: [0] }, horizons: [1, 60], wait: 60 }));
    expect(sweep.status).toBe("succeeded");
    expect(sweep.summary.events).toBe(EVERY_ROW.events);
    const [row] = (await client.call("GET", `/sweeps/${String(sweep.id)}/results`)).json.data;
    expect(row.events).toBe(EVERY_ROW.events);
    expectHorizons("every bar", row.horizons, EVERY_ROW.horizons);
  });

  test("the same sweep again answers the same rows", async () => {
    const [a, b] = [await rowsOf(), await rowsOf()];
    expect(b).toEqual(a);
  });
});
