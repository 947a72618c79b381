// TradingView's ta library functions built from its documented definitions (docs/adr/0116):
// dema, tema, trima, ao, coppock, dm, eom, rms, szo, vhf, uo, ema2, rma2, dema2, tema2, atr2,
// donchian, stochFull, stochRsi, pzo, vzo, trix, stc, ift, ht, kvo, vi, ichimoku, t3, wpo, rwi,
// t3Alt, ft, frama, pmo, ulcerIndex and specialK (docs/adr/0221), each run in a script that imports the library under its
// usual alias `ta` and under another alias. Expected values are worked by hand in the comments
// (fractions kept exact, then compared to 9 decimals). barsOf(closes) gives high = close + 1 and
// low = close - 1, so hl2 is the close and high's and low's changes are the close's.
import { evaluateValid, outputsByName } from "../front/harness";
import { roundedTo9, taLibraryScript } from "./harness";

const CLOSES = [2, 4, 8, 4, 10];

/** The script's outputs by name, each value rounded to 9 decimals (na stays null). */
async function run(body: string, closes: number[], alias: string): Promise<Record<string, Array<number | null>>> {
  return roundedTo9(outputsByName(await evaluateValid(taLibraryScript(body, alias), closes)));
}

const r9 = (v: number): number => Math.round(v * 1e9) / 1e9;

describe.each(["ta", "TVta"])("TradingView/ta imported as %s", (alias) => {
  test("dema(close, 2) and tema(close, 2)", async () => {
    const out = await run(`plot(ta.dema(close, 2), "dema")\nplot(ta.tema(close, 2), "tema")\n`, CLOSES, alias);
    // ema(close, 2) (alpha 2/3, seeded with the SMA of the first 2): e1 = na, 3, 2/3*8 + 1/3*3 = 19/3,
    //   2/3*4 + 1/3*19/3 = 43/9, 2/3*10 + 1/3*43/9 = 223/27
    // e2 = ema(e1, 2): na, na, (3 + 19/3)/2 = 14/3, 2/3*43/9 + 1/3*14/3 = 128/27, 2/3*223/27 + 1/3*128/27 = 574/81
    // dema = 2 e1 - e2: na, na, 38/3 - 14/3 = 8, 86/9 - 128/27 = 130/27, 446/27 - 574/81 = 764/81
    expect(out.dema).toEqual([null, null, 8, r9(130 / 27), r9(764 / 81)]);
    // e3 = ema(e2, 2): na, na, na, (14/3 + 128/27)/2 = 127/27, 2/3*574/81 + 1/3*127/27 = 1529/243
    // tema = 3 (e1 - e2) + e3: bar 3: 3 (129/27 - 128/27) + 127/27 = 130/27;
    //   bar 4: 3 (669/81 - 574/81) + 1529/243 = 855/243 + 1529/243 = 2384/243
    expect(out.tema).toEqual([null, null, null, r9(130 / 27), r9(2384 / 243)]);
  });

  test("trima: length 4 is sma(sma(x, 2), 3), length 3 is sma(sma(x, 2), 2)", async () => {
    const out = await run(`plot(ta.trima(close, 4), "t4")\nplot(ta.trima(close, 3), "t3")\n`, [...CLOSES, 6], alias);
    // sma(close, 2) of 2, 4, 8, 4, 10, 6: na, 3, 6, 6, 7, 8
    // its sma over 3: na, na, na, (3 + 6 + 6)/3 = 5, (6 + 6 + 7)/3 = 19/3, (6 + 7 + 8)/3 = 7
    expect(out.t4).toEqual([null, null, null, 5, r9(19 / 3), 7]);
    // its sma over 2: na, na, 4.5, 6, 6.5, 7.5
    expect(out.t3).toEqual([null, null, 4.5, 6, 6.5, 7.5]);
  });

  test("ao: hl2 by default; sma(source, short) - sma(source, long)", async () => {
    const out = await run(`plot(ta.ao(shortLength = 2, longLength = 3), "ao")\nplot(ta.ao(close + 1, 2, 3), "shifted")\n`, CLOSES, alias);
    // hl2 = close: sma 2 = na, 3, 6, 6, 7; sma 3 = na, na, 14/3, 16/3, 22/3
    // ao = na, na, 6 - 14/3 = 4/3, 6 - 16/3 = 2/3, 7 - 22/3 = -1/3 (a constant shift of the source cancels)
    expect(out.ao).toEqual([null, null, r9(4 / 3), r9(2 / 3), r9(-1 / 3)]);
    expect(out.shifted).toEqual(out.ao);
  });

  test("coppock(close, 2, 1, 2): wma(roc 2 + roc 1, 2)", async () => {
    const out = await run(`plot(ta.coppock(close, 2, 1, 2), "c")\n`, [1, 2, 4, 5, 10], alias);
    // roc 1 = na, 100, 100, 25, 100; roc 2 = na, na, 300, 150, 150; sum = na, na, 400, 175, 250
    // wma 2 = (2 x + x[1]) / 3: na, na, na, (350 + 400)/3 = 250, (500 + 175)/3 = 225
    expect(out.c).toEqual([null, null, null, 250, 225]);
  });

  test("dm(2): the Demarker oscillator; flat bars (0 / 0) are na", async () => {
    const out = await run(`plot(ta.dm(2), "dm")\n`, [...CLOSES, 10, 10], alias);
    // change(high) = change(close): na, 2, 4, -4, 6, 0, 0
    // demax = na, 2, 4, 0, 6, 0, 0; demin = na, 0, 0, 4, 0, 0, 0
    // sma 2 (the na of bar 0 skipped): demax na, na, 3, 2, 3, 3, 0; demin na, na, 0, 2, 2, 0, 0
    // dm = na, na, 3/3 = 1, 2/4 = 0.5, 3/5 = 0.6, 3/3 = 1, 0/0 = na
    expect(out.dm).toEqual([null, null, 1, 0.5, 0.6, 1, null]);
  });

  test("eom(2): sma(div * change(hl2) * (high - low) / volume), div 10000 by default", async () => {
    const out = await run(`plot(ta.eom(2), "eom")\nplot(ta.eom(2, 100), "eom100")\n`, CLOSES, alias);
    // hl2 = close, high - low = 2, volume = 100: the term is div * change(close) * 2 / 100
    // div 10000: 200 * (na, 2, 4, -4, 6) = na, 400, 800, -800, 1200; sma 2: na, na, 600, 0, 200
    expect(out.eom).toEqual([null, null, 600, 0, 200]);
    // div 100: 2 * change = na, 4, 8, -8, 12; sma 2: na, na, 6, 0, 2
    expect(out.eom100).toEqual([null, null, 6, 0, 2]);
  });

  test("rms(close, 2): sqrt of the mean of the squares", async () => {
    const out = await run(`plot(ta.rms(close, 2), "rms")\n`, [3, 4, 12, 5], alias);
    // na, sqrt((9 + 16)/2), sqrt((16 + 144)/2), sqrt((144 + 25)/2)
    expect(out.rms).toEqual([null, r9(Math.sqrt(12.5)), r9(Math.sqrt(80)), r9(Math.sqrt(84.5))]);
  });

  test("szo(close, 2): 100 * tema(sign(change), 2) / 2", async () => {
    const out = await run(`plot(ta.szo(close, 2), "szo")\n`, [...CLOSES, 12], alias);
    // sign(change(close)) = na, 1, 1, -1, 1, 1
    // e1 = ema 2: na, na, 1, 2/3*-1 + 1/3*1 = -1/3, 2/3 - 1/9 = 5/9, 2/3 + 5/27 = 23/27
    // e2: na, na, na, (1 - 1/3)/2 = 1/3, 2/3*5/9 + 1/9 = 13/27, 2/3*23/27 + 1/3*13/27 = 59/81
    // e3: na x4, (1/3 + 13/27)/2 = 11/27, 2/3*59/81 + 1/3*11/27 = 151/243
    // tema: bar 4: 3 (15/27 - 13/27) + 11/27 = 17/27; bar 5: 3 (69/81 - 59/81) + 151/243 = 241/243
    // szo = 100 * tema / 2: 850/27, 12050/243
    expect(out.szo).toEqual([null, null, null, null, r9(850 / 27), r9(12050 / 243)]);
  });

  test("vhf(close, 3): range over the sum of absolute changes; a flat window is na", async () => {
    const out = await run(`plot(ta.vhf(close, 3), "vhf")\n`, [...CLOSES, 10, 10, 10], alias);
    // closes 2, 4, 8, 4, 10, 10, 10, 10; |change| = na, 2, 4, 4, 6, 0, 0, 0
    // range 3 = na, na, 6, 4, 6, 6, 0, 0; sum 3 of |change| (na skipped) = na, na, na, 10, 14, 10, 6, 0
    // vhf = na, na, na, 0.4, 6/14, 0.6, 0, 0/0 = na
    expect(out.vhf).toEqual([null, null, null, 0.4, r9(6 / 14), 0.6, 0, null]);
  });

  test("uo(1, 2, 3): weighted buying pressure over true range", async () => {
    const out = await run(`plot(ta.uo(1, 2, 3), "uo")\n`, CLOSES, alias);
    // high = close + 1, low = close - 1; bar 0 has no close[1] (na, skipped by the sums)
    // tr = max(high, close[1]) - min(low, close[1]): na, 5 - 2 = 3, 9 - 4 = 5, 8 - 3 = 5, 11 - 4 = 7
    // bp = close - min(low, close[1]): na, 4 - 2 = 2, 8 - 4 = 4, 4 - 3 = 1, 10 - 4 = 6
    // bar 3: a1 = 1/5, a2 = (4 + 1)/(5 + 5) = 1/2, a3 = 7/13: 100 (4/5 + 1 + 7/13) / 7 = 100 * (152/65) / 7 = 3040/91
    // bar 4: a1 = 6/7, a2 = 7/12, a3 = 11/17: 100 (24/7 + 7/6 + 11/17) / 7 = 187150/2499
    expect(out.uo).toEqual([null, null, null, r9(3040 / 91), r9(187150 / 2499)]);
  });

  test("ema2, rma2, dema2, tema2: the library's smoothing from the first bar, a series length, a restart after na", async () => {
    const out = await run(
      `plot(ta.ema2(close, 2), "ema2")\nplot(ta.rma2(close, 2), "rma2")\nplot(ta.dema2(close, 2), "dema2")\nplot(ta.tema2(close, 2), "tema2")\n` +
        `plot(ta.ema2(close, bar_index + 1), "series")\nplot(ta.ema2(bar_index == 1 ? na : close, 2), "gap")\n`,
      CLOSES,
      alias,
    );
    // ema2 (alpha 2/3, the first bar its own source): 2, 2/3*4 + 1/3*2 = 10/3, 16/3 + 10/9 = 58/9, 8/3 + 58/27 = 130/27, 20/3 + 130/81 = 670/81
    expect(out.ema2).toEqual([2, r9(10 / 3), r9(58 / 9), r9(130 / 27), r9(670 / 81)]);
    // rma2 (alpha 1/2): 2, 3, 5.5, 4.75, 7.375
    expect(out.rma2).toEqual([2, 3, 5.5, 4.75, 7.375]);
    // e2 = ema2(e1): 2, 2/3*10/3 + 1/3*2 = 26/9, 142/27, 402/81, ...; dema2 = 2 e1 - e2: 2, 34/9, 206/27, 14/3, 2278/243
    expect(out.dema2).toEqual([2, r9(34 / 9), r9(206 / 27), r9(14 / 3), r9(2278 / 243)]);
    // e3 = ema2(e2): 2, 70/27, ...; tema2 = 3 (e1 - e2) + e3: 2, 3 (4/9) + 70/27 = 106/27, 214/27, 350/81, 7054/729
    expect(out.tema2).toEqual([2, r9(106 / 27), r9(214 / 27), r9(350 / 81), r9(7054 / 729)]);
    // length 1, 2, 3: alpha 1, 2/3, 1/2: 2, 10/3, 4 + 5/3 = 17/3
    expect(out.series!.slice(0, 3)).toEqual([2, r9(10 / 3), r9(17 / 3)]);
    // na on bar 1, then the next bar starts again at its source: 2, na, 8, 16/3, 20/3 + 16/9 = 76/9
    expect(out.gap).toEqual([2, null, 8, r9(16 / 3), r9(76 / 9)]);
  });

  test("atr2(2): Wilder-alpha smoothing of tr(true) from the first bar", async () => {
    const out = await run(`plot(ta.atr2(2), "atr2")\n`, CLOSES, alias);
    // tr(true): high - low = 2 on bar 0, then max(2, |high - close[1]|, |low - close[1]|): 3, 5, 5, 7
    // alpha 1/2: 2, 2.5, 3.75, 4.375, 5.6875
    expect(out.atr2).toEqual([2, 2.5, 3.75, 4.375, 5.6875]);
  });

  test("donchian(2): [highest high, lowest low, their mean]", async () => {
    const out = await run(`[h, l, m] = ta.donchian(2)\nplot(h, "h")\nplot(l, "l")\nplot(m, "m")\n`, CLOSES, alias);
    // highs 3, 5, 9, 5, 11; lows 1, 3, 7, 3, 9
    expect(out.h).toEqual([null, 5, 9, 9, 11]);
    expect(out.l).toEqual([null, 1, 3, 3, 3]);
    expect(out.m).toEqual([null, 3, 6, 6, 7]);
  });

  test("stochFull(2, 1, 2) and stochRsi(1, 2, 1, 2): [k, d]", async () => {
    const out = await run(
      `[k, d] = ta.stochFull(2, 1, 2)\nplot(k, "k")\nplot(d, "d")\n[rk, rd] = ta.stochRsi(1, 2, 1, 2)\nplot(rk, "rk")\nplot(rd, "rd")\n`,
      [...CLOSES, 6],
      alias,
    );
    // stoch(close, high, low, 2) = 100 (close - lowest low 2) / (highest high 2 - lowest low 2):
    //   na, 100 * 3/4 = 75, 100 * 5/6 = 250/3, 100 * 1/6 = 50/3, 100 * 7/8 = 87.5,
    //   100 * (6 - 5)/(11 - 5) = 50/3 (the last two bars: highs 11, 7; lows 9, 5)
    // k = its sma 1; d = sma 2 of k: na, na, 475/6, 50, 625/12, (87.5 + 50/3)/2 = 625/12
    expect(out.k).toEqual([null, 75, r9(250 / 3), r9(50 / 3), 87.5, r9(50 / 3)]);
    expect(out.d).toEqual([null, null, r9(475 / 6), 50, r9(625 / 12), r9(625 / 12)]);
    // rsi(close, 1) of 2, 4, 8, 4, 10, 6: na, 100, 100, 0, 100, 0
    // stoch of it over 2: na, na, 0/0 = na, (0 - 0)/(100 - 0) = 0, 100, 0; k = sma 1; d = sma 2: na x4, 50, 50
    expect(out.rk).toEqual([null, null, null, 0, 100, 0]);
    expect(out.rd).toEqual([null, null, null, null, 50, 50]);
  });

  test("pzo(2) and vzo(2): 100 * nz(ema(sign(change(close)) * x, 2) / ema(x, 2)), 0 before both are known", async () => {
    const out = await run(`plot(ta.pzo(2), "pzo")\nplot(ta.vzo(2), "vzo")\n`, [...CLOSES, 6], alias);
    // closes 2, 4, 8, 4, 10, 6: sign(change) = na, 1, 1, -1, 1, -1
    // pzo: signed closes na, 4, 8, -4, 10, -6, ema 2: na, na, 6, -2/3, 58/9, -50/27;
    //   ema 2 of close: na, 3, 19/3, 43/9, 223/27, 547/81; ratio * 100: 0, 0, 1800/19, -600/43, 17400/223, -15000/547
    expect(out.pzo).toEqual([0, 0, r9(1800 / 19), r9(-600 / 43), r9(17400 / 223), r9(-15000 / 547)]);
    // vzo: volume 100: signed na, 100, 100, -100, 100, -100, ema 2: na, na, 100, -100/3, 500/9, -1300/27; ema of volume 100
    expect(out.vzo).toEqual([0, 0, 100, r9(-100 / 3), r9(500 / 9), r9(-1300 / 27)]);
  });

  test("trix(close, 1, 2): [roc 1 of the triple ema, its ema (or sma) signal, the histogram]", async () => {
    const out = await run(
      `[t, s, h] = ta.trix(close, 1, 2)\nplot(t, "t")\nplot(s, "s")\nplot(h, "h")\n[t2, s2, h2] = ta.trix(close, 1, 2, false)\nplot(s2, "s2")\n`,
      [...CLOSES, 6],
      alias,
    );
    // ema of length 1 is the source, so trix = roc(close, 1): na, 100, 100, -50, 150, -40
    expect(out.t).toEqual([null, 100, 100, -50, 150, -40]);
    // ema 2 of it: na, na, 100, 2/3*-50 + 1/3*100 = 0, 100, 2/3*-40 + 1/3*100 = 20/3; histogram trix - signal
    expect(out.s).toEqual([null, null, 100, 0, 100, r9(20 / 3)]);
    expect(out.h).toEqual([null, null, 0, -50, 50, r9(-140 / 3)]);
    // sma 2: na, na, 100, 25, 50, 55
    expect(out.s2).toEqual([null, null, 100, 25, 50, 55]);
  });

  test("stc(close, 1, 2, 3, 2, 2): two stochastics of the macd, each smoothed; na stochastics repeat the last (0 before any)", async () => {
    const out = await run(`plot(ta.stc(close, 1, 2, 3, 2, 2), "stc")\n`, [...CLOSES, 6], alias);
    // macd = close - ema(close, 2): na, 1, 5/3, -7/9, 47/27, -61/81
    // k = nz(fixnan(stoch 3)): 0, 0, 0 (fewer than 3 values), 0, 100, (-61/81 + 63/81)/(141/81 + 63/81) * 100 = 50/51
    // d = ema(k, 2): na, 0, 0, 0, 200/3, 2/3*50/51 + 1/3*200/3 = 3500/153
    // kd = nz(fixnan(stoch 3 of d)): 0, 0, 0, 0, 100, (3500/153 - 0)/(200/3 - 0) * 100 = 1750/51
    // stc = ema(kd, 2), held within 0 to 100: na, 0, 0, 0, 200/3, 2/3*1750/51 + 1/3*200/3 = 2300/51
    expect(out.stc).toEqual([null, 0, 0, 0, r9(200 / 3), r9(2300 / 51)]);
  });

  test("ift and ht", async () => {
    const out = await run(`plot(ta.ift(close), "ift")\nplot(ta.ht(close), "ht")\n`, [0, 0.5, -0.5, 4, 5, 6, 7, 8], alias);
    // ift(x) = (e^(2x) - 1) / (e^(2x) + 1): 0, (e - 1)/(e + 1), -(e - 1)/(e + 1), ...
    const t = (Math.E - 1) / (Math.E + 1);
    expect(out.ift!.slice(0, 3)).toEqual([0, r9(t), r9(-t)]);
    // ht = 0.0962 x + 0.5769 nz(x[2]) - 0.5769 nz(x[4]) - 0.0962 nz(x[6]), closes 0, 0.5, -0.5, 4, 5, 6, 7, 8:
    //   0, 0.0481, -0.0481, 0.3848 + 0.28845 = 0.67325, 0.481 - 0.28845 = 0.19255,
    //   0.5772 + 2.3076 - 0.28845 = 2.59635, 0.6734 + 2.8845 + 0.28845 - 0 = 3.84635,
    //   0.7696 + 3.4614 - 2.3076 - 0.0481 = 1.8753
    expect(out.ht).toEqual([0, 0.0481, -0.0481, 0.67325, 0.19255, 2.59635, 3.84635, 1.8753]);
  });

  test("kvo(1, 2, 1) and vi(2): tuples over volume and the true range", async () => {
    const out = await run(
      `[k, t] = ta.kvo(1, 2, 1)\nplot(k, "kvo")\nplot(t, "trigger")\n[p, m] = ta.vi(2)\nplot(p, "plus")\nplot(m, "minus")\n`,
      CLOSES,
      alias,
    );
    // hlc3 = close; trend = sign(change) * 100 * 100: na, 1e4, 1e4, -1e4, 1e4
    // ema 1 = trend; ema 2: na, na, 1e4, -1e4/3, 5e4/9; kvo = na, na, 0, -2e4/3, 4e4/9; trigger (ema 1) the same
    expect(out.kvo).toEqual([null, null, 0, r9(-2e4 / 3), r9(4e4 / 9)]);
    expect(out.trigger).toEqual(out.kvo);
    // highs 3, 5, 9, 5, 11; lows 1, 3, 7, 3, 9; tr(true) 2, 3, 5, 5, 7
    // |high - nz(low[1])| = 3, 4, 6, 2, 8; |low - nz(high[1])| = 1, 0, 2, 6, 4
    // sums of 2: tr na, 5, 8, 10, 12; plus na, 7, 10, 8, 10; minus na, 1, 2, 8, 10
    expect(out.plus).toEqual([null, 1.4, 1.25, 0.8, r9(10 / 12)]);
    expect(out.minus).toEqual([null, 0.2, 0.25, 0.8, r9(10 / 12)]);
  });

  test("ichimoku(1, 2, 3): undisplaced midpoints and the close", async () => {
    const out = await run(
      `[a, b, c, d, e] = ta.ichimoku(1, 2, 3)\nplot(a, "tenkan")\nplot(b, "kijun")\nplot(c, "span1")\nplot(d, "span2")\nplot(e, "chikou")\n`,
      CLOSES,
      alias,
    );
    // highs 3, 5, 9, 5, 11; lows 1, 3, 7, 3, 9
    // tenkan (1 bar): the close; kijun (2): na, (5 + 1)/2 = 3, (9 + 3)/2 = 6, 6, (11 + 3)/2 = 7
    expect(out.tenkan).toEqual(CLOSES);
    expect(out.kijun).toEqual([null, 3, 6, 6, 7]);
    // span 1 = (tenkan + kijun)/2: na, 3.5, 7, 5, 8.5; span 2 (3): na, na, (9 + 1)/2 = 5, (9 + 3)/2 = 6, (11 + 3)/2 = 7
    expect(out.span1).toEqual([null, 3.5, 7, 5, 8.5]);
    expect(out.span2).toEqual([null, null, 5, 6, 7]);
    expect(out.chikou).toEqual(CLOSES);
  });

  test("t3(close, 2, 0.5): three generalized DEMAs", async () => {
    const out = await run(`plot(ta.t3(close, 2, 0.5), "t3")\n`, [...CLOSES, 6, 12, 8], alias);
    // gd(x) = 1.5 ema(x, 2) - 0.5 ema(ema(x, 2), 2). Of the closes 2, 4, 8, 4, 10, 6, 12, 8:
    //   ema = na, 3, 19/3, 43/9, 223/27, 547/81, 2491/243, 6379/729
    //   ema of ema = na, na, 14/3, 128/27, 574/81, 556/81, 6650/729, 19408/2187
    //   gd1 = na, na, 43/6, 259/54, 1433/162, 1085/162, 15769/1458, 38003/4374
    // gd2 = gd(gd1) = na x4, 4067/486, 31151/4374, 131189/13122, 355327/39366
    // t3 = gd(gd2) = na x6, 189394/19683, 543274/59049
    expect(out.t3).toEqual([null, null, null, null, null, null, r9(189394 / 19683), r9(543274 / 59049)]);
  });

  test("wpo(2): an ema that skips the bars where asin is out of its domain", async () => {
    const out = await run(`plot(ta.wpo(2), "wpo")\n`, CLOSES, alias);
    // close[1] / high: na, 2/5, 4/9, 8/5 (> 1: asin na), 4/11; sign(change) = na, 1, 1, -1, 1
    // ti = sign * 2 pi / asin(ratio); ema 2: na, na, (ti1 + ti2)/2, the same (na skipped), 2/3 ti4 + 1/3 of it
    const ti = (r: number): number => (2 * Math.PI) / Math.asin(r);
    const e2 = (ti(2 / 5) + ti(4 / 9)) / 2;
    expect(out.wpo).toEqual([null, null, r9(e2), r9(e2), r9((2 / 3) * ti(4 / 11) + e2 / 3)]);
  });

  test("rwi(2): [(high - nz(low[2])) / d, (nz(high[2]) - low) / d], d = atr(2) * sqrt(2)", async () => {
    const out = await run(`[h, l] = ta.rwi(2)\nplot(h, "h")\nplot(l, "l")\n`, CLOSES, alias);
    // highs 3, 5, 9, 5, 11; lows 1, 3, 7, 3, 9; tr(true) 2, 3, 5, 5, 7
    // atr(2) = rma: na, 2.5, 3.75, 4.375, 5.6875; low[2] = na (0), na (0), 1, 3, 7; high[2] = 0, 0, 3, 5, 9
    const d = (atr: number): number => atr * Math.SQRT2;
    expect(out.h).toEqual([null, r9(5 / d(2.5)), r9(8 / d(3.75)), r9(2 / d(4.375)), r9(4 / d(5.6875))]);
    expect(out.l).toEqual([null, r9(-3 / d(2.5)), r9(-4 / d(3.75)), r9(2 / d(4.375)), 0]);
  });

  test("t3Alt(close, 2, 0.5): t3 of ema2, from the first bar", async () => {
    const out = await run(`plot(ta.t3Alt(close, 2, 0.5), "t3")\n`, CLOSES, alias);
    // ema2 (alpha 2/3, first bar its source): 2, 10/3, 58/9, 130/27, 670/81; of that: 2, 26/9, 142/27, 402/81, ...
    // gd2 = 1.5 e - 0.5 ee: 2, 32/9, 190/27, 128/27, 2144/243; gd2 of it: 2, 260/81, 1508/243, 3734/729, 17512/2187
    // and once more: 2, 2144/729, 4006/729, 11486/2187, 145876/19683
    expect(out.t3).toEqual([2, r9(2144 / 729), r9(4006 / 729), r9(11486 / 2187), r9(145876 / 19683)]);
  });

  test("ft(close, 2): the Fisher transform of the close's place in its 2-bar range", async () => {
    const out = await run(`plot(ta.ft(close, 2), "ft")\n`, CLOSES, alias);
    // place (close - ll)/(hh - ll) over 2 bars: na, 1, 1, 0, 1
    // v1 = 0.66 (place - 0.5) + 0.67 nz(v1[1]): na, 0.33, 0.33 + 0.67 * 0.33 = 0.5511, -0.33 + 0.67 * 0.5511 = 0.039237,
    //   0.33 + 0.67 * 0.039237 = 0.35628879 (none beyond 0.99)
    // fish = 0.5 ln((1 + v1)/(1 - v1)) + 0.5 nz(fish[1])
    const f = (v: number): number => 0.5 * Math.log((1 + v) / (1 - v));
    const f1 = f(0.33);
    const f2 = f(0.5511) + f1 / 2;
    const f3 = f(0.039237) + f2 / 2;
    const f4 = f(0.35628879) + f3 / 2;
    expect(out.ft).toEqual([null, r9(f1), r9(f2), r9(f3), r9(f4)]);
  });

  test("frama(close, 4): ranges over 2 bars, 2 bars ago and 4 bars set the smoothing's alpha", async () => {
    const out = await run(`plot(ta.frama(close, 4), "frama")\n`, [...CLOSES, 6, 12, 8], alias);
    // highs 3, 5, 9, 5, 11, 7, 13, 9; lows 1, 3, 7, 3, 9, 5, 11, 7; h = round(4 / 2) = 2
    // 2-bar range (hh - ll): na, 4, 6, 6, 8, 6, 8, 6; n1 = range / 2, n2 = range 2 bars ago / 2;
    // 4-bar range: na, na, na, 8, 8, 8, 10, 8, n3 = range / 4
    // bar 3: n1 3, n2 2, n3 2; bar 4: 4, 3, 2; bar 5: 3, 3, 2; bar 6: 4, 4, 2.5; bar 7: 3, 3, 2
    const alpha = (n1: number, n2: number, n3: number): number => Math.exp(-4.6 * (Math.log2((n1 + n2) / n3) - 1));
    // na before bar 3; bar 3 starts at its close (4); then alpha * close + (1 - alpha) * previous
    const v3 = 4;
    const v4 = alpha(4, 3, 2) * 10 + (1 - alpha(4, 3, 2)) * v3;
    const v5 = alpha(3, 3, 2) * 6 + (1 - alpha(3, 3, 2)) * v4;
    const v6 = alpha(4, 4, 2.5) * 12 + (1 - alpha(4, 4, 2.5)) * v5;
    const v7 = alpha(3, 3, 2) * 8 + (1 - alpha(3, 3, 2)) * v6;
    expect(out.frama).toEqual([null, null, null, v3, r9(v4), r9(v5), r9(v6), r9(v7)]);
  });

  test("pmo(close, 4, 3, 2): roc 1 smoothed with factor 2 / length (seeded with the SMA), times 10, smoothed again; signal ema (docs/adr/0221)", async () => {
    const closes = [100, 110, 99, 118.8, 118.8, 130.68, 104.544, 114.9984, 103.49856];
    const body = `[p, s] = ta.pmo(close, 4, 3, 2)\nplot(p, "pmo")\nplot(s, "signal")
[p1, s1] = ta.pmo(close, 1, 2, 1)\nplot(p1, "pmo1")\nplot(s1, "signal1")\n`;
    const out = await run(body, closes, alias);
    // roc 1: na, 10, -10, 20, 0, 10, -20, 10, -10
    // s1 (factor 2/4): seeded at bar 4 with (10 - 10 + 20 + 0) / 4 = 5; 7.5, -6.25, 1.875, -4.0625; times 10: 50, 75, -62.5, 18.75, -40.625
    // s2 (factor 2/3): seeded at bar 6 with (50 + 75 - 62.5) / 3 = 125/6; 2/3 * 18.75 + 1/3 * 125/6 = 175/9;
    //   2/3 * -40.625 + 1/3 * 175/9 = -2225/108
    expect(out.pmo).toEqual([null, null, null, null, null, null, r9(125 / 6), r9(175 / 9), r9(-2225 / 108)]);
    // ema(pmo, 2): seeded at bar 7 with (125/6 + 175/9) / 2 = 725/36; 2/3 * -2225/108 + 1/3 * 725/36 = -2275/324
    expect(out.signal).toEqual([null, null, null, null, null, null, null, r9(725 / 36), r9(-2275 / 324)]);
    // lengths 1 and 2 hold the factor to 1: each smoothing is its source after its seed; 10 * roc: na, 100, -100, 200, ...
    //   s2 over 2 is seeded at bar 2 with (100 - 100) / 2 = 0, then 10 * roc itself; ema(pmo, 1) is pmo
    expect(out.pmo1).toEqual([null, null, 0, 200, 0, 100, -200, 100, -100]);
    expect(out.signal1).toEqual(out.pmo1);
  });

  test("ulcerIndex(close, 3): sqrt(math.sum(dd^2, 3) / 3), dd the percentage drawdown from highest(close, 3); a highest of 0 is na (docs/adr/0221)", async () => {
    const out = await run(`plot(ta.ulcerIndex(close, 3), "ui")\nplot(ta.ulcerIndex(close * 0, 2), "zero")\n`, [10, 8, 12, 6, 9, 16, 12], alias);
    // highest(close, 3): na, na, 12, 12, 12, 16, 16; dd: na, na, 0, -50, -25, 0, -25
    // sum of 3 squares: bar 4: 0 + 2500 + 625, bar 5: 2500 + 625 + 0, bar 6: 625 + 0 + 625
    expect(out.ui).toEqual([null, null, null, null, r9(Math.sqrt(3125 / 3)), r9(Math.sqrt(3125 / 3)), r9(Math.sqrt(1250 / 3))]);
    expect(out.zero).toEqual([null, null, null, null, null, null, null]);
  });
});

test("the import without an alias binds ta: ta.dema of import TradingView/ta/5", async () => {
  const out = outputsByName(await evaluateValid(`//@version=6\nindicator("x")\nimport TradingView/ta/5\nplot(ta.dema(close, 2), "dema")\n`, CLOSES));
  // as in the dema test above: na, na, 8, 130/27, 764/81
  expect(out.dema!.map((v) => (v === null ? null : r9(v)))).toEqual([null, null, 8, r9(130 / 27), r9(764 / 81)]);
});

test("specialK(close, 10, 5): Pring's twelve weighted smoothed rates of change from bar 724, its signal sma(sma(k, 10), 5) (docs/adr/0221)", async () => {
  // closes 100 + 10 sin(i / 7) + 0.05 i; expected values from the published definition computed with plain arrays, independently
  const closes = Array.from({ length: 760 }, (_, i) => 100 + 10 * Math.sin(i / 7) + 0.05 * i);
  const out = outputsByName(await evaluateValid(taLibraryScript(`[k, s] = ta.specialK(close, 10, 5)\nplot(k, "k")\nplot(s, "signal")\n`, "TVta"), closes));
  const at = (name: string, i: number): number | null => out[name]![i]!;
  expect(at("k", 723)).toBeNull();
  expect(at("k", 724)).toBeCloseTo(315.94069263137675, 8);
  expect(at("k", 725)).toBeCloseTo(307.66848483543237, 8);
  expect(at("k", 759)).toBeCloseTo(300.3780061102639, 8);
  expect(at("signal", 736)).toBeNull();
  expect(at("signal", 737)).toBeCloseTo(240.26281508430694, 8);
  expect(at("signal", 738)).toBeCloseTo(227.63900555954643, 8);
  expect(at("signal", 759)).toBeCloseTo(219.15671355998657, 8);
  // closes growing 1 % a bar: every roc(r) is 100 * (1.01^r - 1), so k is the weighted sum of those from bar 724
  const geometric = outputsByName(await evaluateValid(taLibraryScript(`[k, s] = ta.specialK(close, 1, 1)\nplot(k, "k")\n`, "ta"), Array.from({ length: 726 }, (_, i) => 100 * 1.01 ** i)));
  const weights: Array<[number, number]> = [[10, 1], [15, 2], [20, 3], [30, 4], [40, 1], [65, 2], [75, 3], [100, 4], [195, 1], [265, 2], [390, 3], [530, 4]];
  const k = weights.reduce((sum, [r, w]) => sum + w * 100 * (1.01 ** r - 1), 0);
  expect(geometric.k![723]).toBeNull();
  expect(geometric.k![724]! / k).toBeCloseTo(1, 12);
  expect(geometric.k![725]! / k).toBeCloseTo(1, 12);
});
