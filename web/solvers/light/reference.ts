/**
 * TypeScript twin of the Light Rail Wasm module (assembly/light.ts, assembly/routes/*): the same tables,
 * the same arithmetic and the same draws, so the same seed gives the same results. Used by the
 * differential tests and the bench, and as a fallback where Wasm is unavailable. Conventions and row
 * layouts: kernel.ts.
 */
import {
  DSTRIDE,
  type LightKernel,
  MASK_WORDS,
  MAXP,
  OSTRIDE,
  RSTRIDE,
  SEARCH_STRIDE,
  TERMINUS,
} from "./kernel.ts";

const MAXC = 128;
const CW = 4;
const MAXS = 96;
const MAXD = 16;
const W = MASK_WORDS;
const MAXPL = W * 32;
const GRID = 32;
const HALF = GRID / 2;
const MAXDECK = 16;
const HEIGHTS: Record<number, number[]> = {
  2: [1, 2, 3, 4, 3, 2, 1],
  3: [1, 2, 3, 4, 5, 6],
  4: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1],
};
const DQ = [0, 1, 1, 0, -1, -1];
const DR = [-1, -1, 0, 1, 1, 0];

// state layout (assembly/routes/layout.ts)
const S_CARD = 0;
const S_OCC = S_CARD + MAXC;
const S_FRONT = S_OCC + CW;
const S_CITY = S_FRONT + CW;
const S_ALIVE = S_CITY + CW;
const S_NPLACED = S_ALIVE + W;
const S_NSEG = S_NPLACED + 1;
const S_SCORE = S_NSEG + 1;
const S_SEG = S_SCORE + MAXP;
const SSTR = 12;
const F_PAR = 0;
const F_RANK = 1;
const F_OPEN = 2;
const F_DEAD = 3;
const F_TERM = 4;
const F_LOOP = 5;
const F_BM = 6;
const F_LEN = 7;
const F_COL = 8;
const S_SIZE = S_SEG + MAXS * SSTR;

/** Index of field f of segment s in S. */
function sg(s: number, f: number): number {
  return S_SEG + s * SSTR + f;
}

function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

function popcnt(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export class LightReference implements LightKernel {
  private readonly S = new Int32Array(S_SIZE);
  private readonly SNAP = new Int32Array(S_SIZE);
  private readonly TRAIL = new Int32Array(1 << 16);
  private tp = 0;
  private trailOn = true;
  private readonly CSEG = new Int32Array(MAXC * 6);
  private readonly SEG_CELL = new Int32Array(MAXS);
  private readonly SEG_PL = new Int32Array(MAXS);
  private readonly SEG_B = new Int32Array(MAXS);
  private readonly SEG_EA = new Int32Array(MAXS);
  private readonly SEG_EB = new Int32Array(MAXS);
  private readonly DES = new Int32Array(MAXD * DSTRIDE);
  private readonly NB = new Int32Array(MAXC * 6);
  private readonly MASK = new Int32Array(MAXC * W);
  private readonly PLCELLS = new Int32Array(MAXPL * CW);
  private readonly CELL_Q = new Int32Array(MAXC);
  private readonly CELL_R = new Int32Array(MAXC);
  private readonly GRIDMAP = new Int32Array(GRID * GRID);
  private nCells = 0;
  private nPlacements = 0;
  private shapeSize = 0;
  private origin = 0;
  private players = 2;
  private wrapOn = false;
  private rng = 0;
  private readonly WRAPPED = new Uint8Array(MAXS * 2);
  private readonly WSCORED = new Uint8Array(MAXS);
  private readonly CHECK = new Int32Array(16);
  private readonly LEGAL = new Int32Array(MAXC);
  private readonly DECK = new Int32Array(MAXP * MAXDECK);
  private readonly DECKP = new Int32Array(MAXP);
  private readonly HAND = new Int32Array(MAXP);
  private readonly UNPLAYED = new Int32Array(MAXP * MAXDECK);
  private readonly UNPLAYEDN = new Int32Array(MAXP);
  private readonly BEFORE = new Int32Array(MAXP);
  private readonly OBJ = new Int32Array(16 * OSTRIDE);
  private nObjectives = 0;
  private readonly HELD = new Int32Array(MAXP * 2);
  private readonly MYOBJ = new Int32Array(2);
  private readonly POOL = new Int32Array(16);
  private readonly TOTAL = new Int32Array(MAXP);

  // --- rng (mulberry32, as web/engine/common/rng.ts) ---
  private rngNext(): number {
    this.rng = (this.rng + 0x6d2b79f5) | 0;
    let t = this.rng;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  private rngInt(n: number): number {
    return Math.floor((this.rngNext() * n) / 4294967296);
  }

  // --- trail ---
  private set(i: number, v: number): void {
    if (this.trailOn) {
      this.TRAIL[this.tp] = i;
      this.TRAIL[this.tp + 1] = this.S[i]!;
      this.tp += 2;
    }
    this.S[i] = v;
  }
  private snapshot(): void {
    this.SNAP.set(this.S.subarray(0, S_SEG + this.S[S_NSEG]! * SSTR));
  }
  private restore(): void {
    this.S.set(this.SNAP.subarray(0, S_SEG + this.SNAP[S_NSEG]! * SSTR));
  }
  mark(): number {
    return this.tp;
  }
  undo(m: number): void {
    const { S, TRAIL } = this;
    let t = this.tp;
    while (t > m) {
      t -= 2;
      S[TRAIL[t]!] = TRAIL[t + 1]!;
    }
    this.tp = t;
  }

  // --- geometry ---
  private square(q: number, r: number): number {
    const x = q + HALF;
    const y = r + HALF;
    if (x < 0 || y < 0 || x >= GRID || y >= GRID) return -1;
    return x * GRID + y;
  }
  private cellAt(q: number, r: number): number {
    const g = this.square(q, r);
    return g < 0 ? -1 : this.GRIDMAP[g]!;
  }
  private buildGeometry(players: number): void {
    const hs = HEIGHTS[players <= 2 ? 2 : players === 3 ? 3 : 4]!;
    const SQ: number[] = [];
    const SR: number[] = [];
    for (let q = 0; q < hs.length; q++) {
      const h = hs[q]!;
      for (let v = -(h - 1); v <= h - 1; v += 2) {
        SQ.push(q);
        SR.push((v - q) >> 1);
      }
    }
    const n = SQ.length;
    for (let i = 0; i < n; i++) {
      SQ.push(-SQ[i]!);
      SR.push(SR[i]! + SQ[i]!);
    }
    this.shapeSize = n;
    this.GRIDMAP.fill(-1);
    this.MASK.fill(0);
    this.PLCELLS.fill(0);
    this.nCells = 0;
    this.nPlacements = 0;
    const PL: number[][] = [];
    for (let m = 0; m < 2; m++) {
      const base = m * n;
      for (let a = 0; a < n; a++) {
        const tq = -SQ[base + a]!;
        const tr = -SR[base + a]!;
        const tmp: number[] = [];
        for (let i = 0; i < n; i++) tmp.push(this.square(SQ[base + i]! + tq, SR[base + i]! + tr));
        tmp.sort((x, y) => x - y);
        if (PL.some((pl) => pl.every((g, i) => g === tmp[i]))) continue;
        const p = this.nPlacements++;
        PL.push(tmp);
        for (const g of tmp) {
          let c = this.GRIDMAP[g]!;
          if (c < 0) {
            c = this.nCells++;
            this.GRIDMAP[g] = c;
            this.CELL_Q[c] = Math.floor(g / GRID) - HALF;
            this.CELL_R[c] = (g % GRID) - HALF;
          }
          this.MASK[c * W + (p >> 5)]! |= 1 << (p & 31);
          this.PLCELLS[p * CW + (c >> 5)]! |= 1 << (c & 31);
        }
      }
    }
    for (let c = 0; c < this.nCells; c++) {
      for (let e = 0; e < 6; e++)
        this.NB[c * 6 + e] = this.cellAt(this.CELL_Q[c]! + DQ[e]!, this.CELL_R[c]! + DR[e]!);
    }
    this.origin = this.cellAt(0, 0);
  }

  // --- routes (assembly/routes/unionfind.ts) ---
  private find(s: number): number {
    const S = this.S;
    let p = S[sg(s, F_PAR)]!;
    while (p !== s) {
      s = p;
      p = S[sg(s, F_PAR)]!;
    }
    return s;
  }
  private link(a: number, b: number): void {
    const S = this.S;
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) {
      this.set(sg(ra, F_OPEN), S[sg(ra, F_OPEN)]! - 2);
      this.set(sg(ra, F_LOOP), 1);
      return;
    }
    const ka = S[sg(ra, F_RANK)]!;
    const kb = S[sg(rb, F_RANK)]!;
    if (ka < kb) {
      const t = ra;
      ra = rb;
      rb = t;
    } else if (ka === kb) {
      this.set(sg(ra, F_RANK), ka + 1);
    }
    this.set(sg(rb, F_PAR), ra);
    this.set(sg(ra, F_OPEN), S[sg(ra, F_OPEN)]! + S[sg(rb, F_OPEN)]! - 2);
    this.set(sg(ra, F_DEAD), S[sg(ra, F_DEAD)]! + S[sg(rb, F_DEAD)]!);
    this.set(sg(ra, F_TERM), S[sg(ra, F_TERM)]! + S[sg(rb, F_TERM)]!);
    if (S[sg(rb, F_LOOP)] !== 0) this.set(sg(ra, F_LOOP), 1);
    this.set(sg(ra, F_BM), S[sg(ra, F_BM)]! | S[sg(rb, F_BM)]!);
    this.set(sg(ra, F_LEN), S[sg(ra, F_LEN)]! + S[sg(rb, F_LEN)]!);
    for (let p = 0; p < this.players; p++) {
      const cb = S[sg(rb, F_COL + p)]!;
      if (cb !== 0) this.set(sg(ra, F_COL + p), S[sg(ra, F_COL + p)]! + cb);
    }
  }
  private cap(s: number): void {
    const r = this.find(s);
    this.set(sg(r, F_OPEN), this.S[sg(r, F_OPEN)]! - 1);
    this.set(sg(r, F_DEAD), this.S[sg(r, F_DEAD)]! + 1);
  }
  private scoreRoute(r: number): void {
    const S = this.S;
    const credit = popcnt(S[sg(r, F_BM)]!);
    if (credit === 0) return;
    let best = 0;
    for (let p = 0; p < this.players; p++) best = Math.max(best, S[sg(r, F_COL + p)]!);
    for (let p = 0; p < this.players; p++) {
      if (S[sg(r, F_COL + p)] === best) this.set(S_SCORE + p, S[S_SCORE + p]! + credit);
    }
  }
  private legalCell(c: number): boolean {
    const S = this.S;
    if (S[S_NPLACED] === 0) return c === this.origin;
    const w = c >> 5;
    return (S[S_FRONT + w]! & S[S_CITY + w]! & (1 << (c & 31))) !== 0;
  }
  private legalCount(): number {
    const S = this.S;
    if (S[S_NPLACED] === 0) return 1;
    let n = 0;
    for (let w = 0; w < CW; w++) n += popcnt(S[S_FRONT + w]! & S[S_CITY + w]!);
    return n;
  }
  private legalSelect(k: number): number {
    const S = this.S;
    if (S[S_NPLACED] === 0) return this.origin;
    for (let w = 0; w < CW; w++) {
      let m = S[S_FRONT + w]! & S[S_CITY + w]!;
      const c = popcnt(m);
      if (k < c) {
        while (k > 0) {
          m &= m - 1;
          k--;
        }
        return (w << 5) + ctz(m);
      }
      k -= c;
    }
    return -1;
  }
  private recomputeCity(): void {
    const { S, PLCELLS } = this;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (let w = 0; w < W; w++) {
      let m = S[S_ALIVE + w]!;
      while (m !== 0) {
        const p = (w << 5) + ctz(m);
        m &= m - 1;
        a0 |= PLCELLS[p * CW]!;
        a1 |= PLCELLS[p * CW + 1]!;
        a2 |= PLCELLS[p * CW + 2]!;
        a3 |= PLCELLS[p * CW + 3]!;
      }
    }
    if (S[S_CITY] !== a0) this.set(S_CITY, a0);
    if (S[S_CITY + 1] !== a1) this.set(S_CITY + 1, a1);
    if (S[S_CITY + 2] !== a2) this.set(S_CITY + 2, a2);
    if (S[S_CITY + 3] !== a3) this.set(S_CITY + 3, a3);
  }
  private place(c: number, d: number, o: number, p: number): void {
    const { S, CSEG, NB, DES, MASK } = this;
    this.set(S_CARD + c, (p << 8) | (d << 1) | o);
    this.set(S_NPLACED, S[S_NPLACED]! + 1);
    const bw = c >> 5;
    const bit = 1 << (c & 31);
    this.set(S_OCC + bw, S[S_OCC + bw]! | bit);
    const f = S[S_FRONT + bw]!;
    if ((f & bit) !== 0) this.set(S_FRONT + bw, f & ~bit);
    let changed = false;
    for (let w = 0; w < W; w++) {
      const a = S[S_ALIVE + w]!;
      const m = MASK[c * W + w]!;
      if ((a & m) !== a) {
        this.set(S_ALIVE + w, a & m);
        changed = true;
      }
    }
    if (changed) this.recomputeCity();
    for (let e = 0; e < 6; e++) {
      CSEG[c * 6 + e] = -1;
      const n = NB[c * 6 + e]!;
      if (n < 0) continue;
      const nw = n >> 5;
      const nbit = 1 << (n & 31);
      const fr = S[S_FRONT + nw]!;
      if ((fr & nbit) === 0 && (S[S_OCC + nw]! & nbit) === 0) this.set(S_FRONT + nw, fr | nbit);
    }
    const ns = S[S_NSEG]!;
    const k = DES[d * DSTRIDE]!;
    const rot = o * 3;
    for (let i = 0; i < k; i++) {
      const s = ns + i;
      let ea = DES[d * DSTRIDE + 1 + i * 3]!;
      let eb = DES[d * DSTRIDE + 2 + i * 3]!;
      const b = DES[d * DSTRIDE + 3 + i * 3]!;
      let term = 0;
      if (ea === TERMINUS) term++;
      else ea = (ea + rot) % 6;
      if (eb === TERMINUS) term++;
      else eb = (eb + rot) % 6;
      if (ea !== TERMINUS) CSEG[c * 6 + ea] = s;
      if (eb !== TERMINUS) CSEG[c * 6 + eb] = s;
      this.SEG_CELL[s] = c;
      this.SEG_PL[s] = p;
      this.SEG_B[s] = b;
      this.SEG_EA[s] = ea;
      this.SEG_EB[s] = eb;
      S[sg(s, F_PAR)] = s;
      S[sg(s, F_RANK)] = 0;
      S[sg(s, F_OPEN)] = 2 - term;
      S[sg(s, F_DEAD)] = 0;
      S[sg(s, F_TERM)] = term;
      S[sg(s, F_LOOP)] = 0;
      S[sg(s, F_BM)] = b > 0 ? 1 << (b - 1) : 0;
      S[sg(s, F_LEN)] = 1;
      for (let q = 0; q < MAXP; q++) S[sg(s, F_COL + q)] = q === p ? 1 : 0;
    }
    this.set(S_NSEG, ns + k);
    const CHECK = this.CHECK;
    let nc = 0;
    for (let i = 0; i < k; i++) CHECK[nc++] = ns + i;
    for (let e = 0; e < 6; e++) {
      const n = NB[c * 6 + e]!;
      if (n < 0 || S[S_CARD + n]! < 0) continue;
      const s = CSEG[c * 6 + e]!;
      const t = CSEG[n * 6 + ((e + 3) % 6)]!;
      if (s >= 0) {
        if (t >= 0) this.link(s, t);
        else this.cap(s);
      } else if (t >= 0) {
        this.cap(t);
        CHECK[nc++] = t;
      }
    }
    for (let i = 0; i < nc; i++) {
      const r = this.find(CHECK[i]!);
      if (S[sg(r, F_OPEN)] !== 0) continue;
      let seen = false;
      for (let j = 0; j < i; j++) {
        if (this.find(CHECK[j]!) === r) {
          seen = true;
          break;
        }
      }
      if (!seen) this.scoreRoute(r);
    }
    if (this.wrapOn && S[S_NPLACED] === this.shapeSize) this.applyWrap();
  }
  setWrap(on: boolean): void {
    this.wrapOn = on;
  }
  /** Wrapping at the end of the game, as assembly/routes/unionfind.ts `applyWrap`. */
  private applyWrap(): void {
    const { S, WRAPPED, WSCORED, SEG_EA, SEG_EB, NB, CSEG } = this;
    const n = S[S_NSEG]!;
    WRAPPED.fill(0, 0, 2 * n);
    let any = false;
    for (let port = 0; port < 2 * n; port++) {
      const s = port >> 1;
      const e = (port & 1) === 0 ? SEG_EA[s]! : SEG_EB[s]!;
      if (e === TERMINUS || WRAPPED[port] !== 0) continue;
      const c = this.SEG_CELL[s]!;
      const nb = NB[c * 6 + e]!;
      if (nb >= 0 && S[S_CARD + nb]! >= 0) continue;
      const back = (e + 3) % 6;
      let x = c;
      for (;;) {
        const y = NB[x * 6 + back]!;
        if (y < 0 || S[S_CARD + y]! < 0) break;
        x = y;
      }
      const t = CSEG[x * 6 + back]!;
      if (t < 0) continue;
      const op = SEG_EA[t] === back ? 2 * t : 2 * t + 1;
      if (WRAPPED[op] !== 0) continue;
      WRAPPED[port] = 1;
      WRAPPED[op] = 1;
      this.link(s, t);
      any = true;
    }
    if (!any) return;
    WSCORED.fill(0, 0, n);
    for (let port = 0; port < 2 * n; port++) {
      if (WRAPPED[port] === 0) continue;
      const r = this.find(port >> 1);
      if (S[sg(r, F_OPEN)] !== 0 || WSCORED[r] !== 0) continue;
      WSCORED[r] = 1;
      this.scoreRoute(r);
    }
  }

  // --- public API (assembly/light.ts) ---
  setDesigns(designs: ArrayLike<number>): void {
    for (let i = 0; i < designs.length; i++) this.DES[i] = designs[i]!;
  }
  newGame(players: number): number {
    this.buildGeometry(players);
    this.players = players;
    const S = this.S;
    S.fill(0);
    for (let c = 0; c < this.nCells; c++) {
      S[S_CARD + c] = -1;
      S[S_CITY + (c >> 5)]! |= 1 << (c & 31);
    }
    for (let p = 0; p < this.nPlacements; p++) S[S_ALIVE + (p >> 5)]! |= 1 << (p & 31);
    this.tp = 0;
    this.trailOn = true;
    return this.nCells;
  }
  placementCount(): number {
    return this.nPlacements;
  }
  cityCells(): number {
    return this.shapeSize;
  }
  placeAt(q: number, r: number, d: number, o: number, p: number): number {
    const c = this.cellAt(q, r);
    if (c < 0) return -1;
    if (this.S[S_CARD + c]! >= 0) return -2;
    this.place(c, d, o, p);
    return c;
  }
  isLegal(q: number, r: number): boolean {
    const c = this.cellAt(q, r);
    return c >= 0 && this.legalCell(c);
  }
  private legalCells(): number {
    let n = 0;
    for (let c = 0; c < this.nCells; c++) if (this.legalCell(c)) this.LEGAL[n++] = c;
    return n;
  }
  legal(): Int32Array {
    const n = this.legalCells();
    const out = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const c = this.LEGAL[i]!;
      out[2 * i] = this.CELL_Q[c]!;
      out[2 * i + 1] = this.CELL_R[c]!;
    }
    return out;
  }
  cityMask(): Int32Array {
    const words = (this.nCells + 31) >> 5;
    const out = new Int32Array(W + words);
    for (let w = 0; w < W; w++) out[w] = this.S[S_ALIVE + w]!;
    for (let c = 0; c < this.nCells; c++) {
      let m = 0;
      for (let w = 0; w < W; w++) m |= this.MASK[c * W + w]! & this.S[S_ALIVE + w]!;
      if (m !== 0) out[W + (c >> 5)]! |= 1 << (c & 31);
    }
    return out;
  }
  fitCells(cells: ArrayLike<number>): boolean {
    const n = cells.length >> 1;
    if (n === 0) return true;
    let m0 = -1;
    let m1 = -1;
    let m2 = -1;
    for (let i = 0; i < n; i++) {
      const c = this.cellAt(cells[2 * i]! - cells[0]!, cells[2 * i + 1]! - cells[1]!);
      if (c < 0) return false;
      m0 &= this.MASK[c * W]!;
      m1 &= this.MASK[c * W + 1]!;
      m2 &= this.MASK[c * W + 2]!;
    }
    return (m0 | m1 | m2) !== 0;
  }
  placed(): number {
    return this.S[S_NPLACED]!;
  }
  score(p: number): number {
    return this.S[S_SCORE + p]!;
  }

  // --- route rows (assembly/routes/full.ts) ---
  routes(): Int32Array {
    const S = this.S;
    const n = S[S_NSEG]!;
    const out = new Int32Array(n * RSTRIDE);
    const minId = new Int32Array(n).fill(-1);
    for (let s = 0; s < n; s++) {
      const r = this.find(s);
      if (minId[r]! < 0) minId[r] = s;
      const o = s * RSTRIDE;
      out[o] = minId[r]!;
      out[o + 1] = S[sg(r, F_OPEN)]!;
      out[o + 2] = S[sg(r, F_DEAD)]!;
      out[o + 3] = S[sg(r, F_TERM)]!;
      out[o + 4] = S[sg(r, F_LOOP)]!;
      out[o + 5] = S[sg(r, F_BM)]!;
      out[o + 6] = S[sg(r, F_LEN)]!;
      out[o + 7] = S[sg(r, F_OPEN)] === 0 ? 1 : 0;
      for (let p = 0; p < MAXP; p++) out[o + 8 + p] = S[sg(r, F_COL + p)]!;
    }
    return out;
  }
  routesFull(): Int32Array {
    const { S, NB, CSEG, SEG_CELL, SEG_EA, SEG_EB } = this;
    const n = S[S_NSEG]!;
    const fp = new Int32Array(n);
    const linked = new Int32Array(n);
    const row = new Int32Array(n * RSTRIDE);
    for (let s = 0; s < n; s++) fp[s] = s;
    const ffind = (s: number): number => {
      while (fp[s] !== s) {
        fp[s] = fp[fp[s]!]!;
        s = fp[s]!;
      }
      return s;
    };
    for (let s = 0; s < n; s++) {
      const c = SEG_CELL[s]!;
      for (const e of [SEG_EA[s]!, SEG_EB[s]!]) {
        if (e === TERMINUS) continue;
        const nb = NB[c * 6 + e]!;
        if (nb < 0 || S[S_CARD + nb]! < 0) continue;
        const t = CSEG[nb * 6 + ((e + 3) % 6)]!;
        if (t >= 0) {
          const a = ffind(s);
          const b = ffind(t);
          if (a !== b) fp[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
    for (let s = 0; s < n; s++) {
      const r = ffind(s);
      const base = r * RSTRIDE;
      for (const e of [SEG_EA[s]!, SEG_EB[s]!]) {
        if (e === TERMINUS) {
          row[base + 3]!++;
          continue;
        }
        const nb = NB[SEG_CELL[s]! * 6 + e]!;
        if (nb < 0 || S[S_CARD + nb]! < 0) row[base + 1]!++;
        else if (CSEG[nb * 6 + ((e + 3) % 6)]! < 0) row[base + 2]!++;
        else linked[r]!++;
      }
      const b = this.SEG_B[s]!;
      row[base + 5]! |= b > 0 ? 1 << (b - 1) : 0;
      row[base + 6]!++;
      row[base + 8 + this.SEG_PL[s]!]!++;
    }
    const out = new Int32Array(n * RSTRIDE + MAXP);
    const score = n * RSTRIDE;
    for (let s = 0; s < n; s++) {
      const r = ffind(s);
      const base = r * RSTRIDE;
      const o = s * RSTRIDE;
      out[o] = r;
      for (let k = 1; k < RSTRIDE; k++) out[o + k] = row[base + k]!;
      out[o + 4] = linked[r] === 2 * row[base + 6]! ? 1 : 0;
      const open = row[base + 1]!;
      out[o + 7] = open === 0 ? 1 : 0;
      if (r === s && open === 0) {
        const credit = popcnt(row[base + 5]!);
        let best = 0;
        for (let p = 0; p < this.players; p++) best = Math.max(best, row[base + 8 + p]!);
        for (let p = 0; p < this.players; p++) if (row[base + 8 + p] === best) out[score + p]! += credit;
      }
    }
    return out;
  }

  // --- playouts and search (assembly/routes/playout.ts) ---
  setUnplayed(p: number, designs: ArrayLike<number>): void {
    this.UNPLAYEDN[p] = designs.length;
    for (let i = 0; i < designs.length; i++) this.UNPLAYED[p * MAXDECK + i] = designs[i]!;
  }
  private determinise(me: number, hand: number): void {
    const { DECK, UNPLAYED } = this;
    for (let p = 0; p < this.players; p++) {
      const n = this.UNPLAYEDN[p]!;
      const b = p * MAXDECK;
      for (let i = 0; i < n; i++) DECK[b + i] = UNPLAYED[b + i]!;
      for (let i = n - 1; i > 0; i--) {
        const j = this.rngInt(i + 1);
        const t = DECK[b + i]!;
        DECK[b + i] = DECK[b + j]!;
        DECK[b + j] = t;
      }
      if (p === me) {
        this.HAND[p] = hand;
        this.DECKP[p] = 0;
      } else {
        this.HAND[p] = n > 0 ? DECK[b]! : -1;
        this.DECKP[p] = 1;
      }
    }
    if (this.nObjectives === 0) return;
    const { POOL, HELD, MYOBJ } = this;
    let n = 0;
    for (let o = 0; o < this.nObjectives; o++) {
      if (me >= 0 && (o === MYOBJ[0] || o === MYOBJ[1])) continue;
      POOL[n++] = o;
    }
    for (let i = n - 1; i > 0; i--) {
      const j = this.rngInt(i + 1);
      const t = POOL[i]!;
      POOL[i] = POOL[j]!;
      POOL[j] = t;
    }
    let k = 0;
    for (let p = 0; p < this.players; p++) {
      if (p === me) {
        HELD[p * 2] = MYOBJ[0]!;
        HELD[p * 2 + 1] = MYOBJ[1]!;
      } else {
        HELD[p * 2] = k < n ? POOL[k]! : -1;
        HELD[p * 2 + 1] = k + 1 < n ? POOL[k + 1]! : -1;
        k += 2;
      }
    }
  }

  // --- objectives (assembly/routes/objectives.ts) ---
  setObjectives(table: ArrayLike<number>): void {
    for (let i = 0; i < table.length; i++) this.OBJ[i] = table[i]!;
    this.nObjectives = Math.floor(table.length / OSTRIDE);
  }
  setMyObjectives(a: number, b: number): void {
    this.MYOBJ[0] = a;
    this.MYOBJ[1] = b;
  }
  /** Per route root: distinct cards per colour (CARDS) and the root flags. */
  private readonly CARDS = new Int32Array(MAXS * MAXP);
  private readonly ISROOT = new Uint8Array(MAXS);
  private readonly OUT = new Int32Array(MAXP);
  private readonly COLH = new Int32Array(64);
  private readonly COLC = new Int32Array(64 * MAXP);
  private readonly SEEN = new Uint8Array(MAXC);
  private readonly STACK = new Int32Array(MAXC);
  private readonly DONE = new Int32Array(16);
  private routeCards(): { cards: Int32Array; isRoot: Uint8Array } {
    const n = this.S[S_NSEG]!;
    const cards = this.CARDS.fill(0, 0, n * MAXP);
    const isRoot = this.ISROOT.fill(0, 0, n);
    for (let s = 0; s < n; s++) {
      const r = this.find(s);
      isRoot[r] = 1;
      const col = this.S[S_CARD + this.SEG_CELL[s]!]! >> 8;
      if (s > 0 && this.SEG_CELL[s - 1] === this.SEG_CELL[s] && this.find(s - 1) === r) continue;
      cards[r * MAXP + col]!++;
    }
    return { cards, isRoot };
  }
  private wins(r: number, c: number): boolean {
    const v = this.S[sg(r, F_COL + c)]!;
    if (v === 0) return false;
    for (let p = 0; p < this.players; p++) if (this.S[sg(r, F_COL + p)]! > v) return false;
    return true;
  }
  measure(m: number): Int32Array {
    return this.measureInto(m).slice(0, this.players);
  }
  private measureInto(m: number): Int32Array {
    const { S, players } = this;
    const out = this.OUT.fill(0);
    const n = S[S_NSEG]!;
    const { cards, isRoot } = this.routeCards();
    if (m === 0) {
      let longest = 0;
      for (let s = 0; s < n; s++) if (isRoot[s]) longest = Math.max(longest, S[sg(s, F_LEN)]!);
      for (let s = 0; s < n; s++) {
        if (!isRoot[s] || S[sg(s, F_LEN)] !== longest) continue;
        let best = 0;
        for (let p = 0; p < players; p++) best = Math.max(best, cards[s * MAXP + p]!);
        for (let p = 0; p < players; p++) {
          const v = cards[s * MAXP + p]!;
          if (v > 0 && v === best) out[p] = Math.max(out[p]!, v);
        }
      }
    } else if (m === 1 || m === 7) {
      for (let s = 0; s < n; s++) {
        if (!isRoot[s]) continue;
        if (m === 1 ? S[sg(s, F_LOOP)] === 0 : S[sg(s, F_OPEN)] !== 0) continue;
        for (let p = 0; p < players; p++) out[p]! += S[sg(s, F_COL + p)]!;
      }
    } else if (m === 2 || m === 3) {
      for (let s = 0; s < n; s++) {
        if (!isRoot[s] || S[sg(s, F_OPEN)] !== 0) continue;
        const b = popcnt(S[sg(s, F_BM)]!);
        for (let p = 0; p < players; p++) {
          if (!this.wins(s, p)) continue;
          if (m === 2) out[p]!++;
          else out[p] = Math.max(out[p]!, b);
        }
      }
    } else if (m === 4) {
      for (let c = 0; c < this.nCells; c++) {
        const card = S[S_CARD + c]!;
        if (card < 0) continue;
        for (let e = 0; e < 6; e++) {
          const nb = this.NB[c * 6 + e]!;
          if (nb < 0 || S[S_CARD + nb]! < 0) {
            out[card >> 8]!++;
            break;
          }
        }
      }
    } else if (m === 5) {
      const colH = this.COLH.fill(0);
      const colC = this.COLC.fill(0);
      let tallest = 0;
      for (let c = 0; c < this.nCells; c++) {
        const card = S[S_CARD + c]!;
        if (card < 0) continue;
        const x = this.CELL_Q[c]! + 32;
        const h = colH[x]! + 1;
        colH[x] = h;
        colC[x * MAXP + (card >> 8)]!++;
        tallest = Math.max(tallest, h);
      }
      for (let x = 0; x < 64; x++) {
        if (colH[x] !== tallest) continue;
        for (let p = 0; p < players; p++) out[p] = Math.max(out[p]!, colC[x * MAXP + p]!);
      }
    } else if (m === 6) {
      const seen = this.SEEN.fill(0);
      const stack = this.STACK;
      for (let c = 0; c < this.nCells; c++) {
        const card = S[S_CARD + c]!;
        if (card < 0 || seen[c]) continue;
        const col = card >> 8;
        let size = 0;
        let top = 0;
        stack[top++] = c;
        seen[c] = 1;
        while (top > 0) {
          const x = stack[--top]!;
          size++;
          for (let e = 0; e < 6; e++) {
            const y = this.NB[x * 6 + e]!;
            if (y < 0 || seen[y]) continue;
            const cy = S[S_CARD + y]!;
            if (cy >= 0 && cy >> 8 === col) {
              seen[y] = 1;
              stack[top++] = y;
            }
          }
        }
        out[col] = Math.max(out[col]!, size);
      }
    }
    return out;
  }
  /** Final totals (route credit + sampled objective credit) into TOTAL. */
  private totals(): void {
    const { players, TOTAL, HELD, OBJ } = this;
    for (let p = 0; p < players; p++) TOTAL[p] = this.S[S_SCORE + p]!;
    if (this.nObjectives === 0) return;
    const done = this.DONE.fill(-1);
    for (let p = 0; p < players; p++) {
      for (let k = 0; k < 2; k++) {
        const o = HELD[p * 2 + k]!;
        if (o < 0) continue;
        let bits = done[o]!;
        if (bits < 0) {
          const v = this.measureInto(OBJ[o * OSTRIDE]!);
          bits = 0;
          if (OBJ[o * OSTRIDE + 1] === 1) {
            for (let q = 0; q < players; q++) if (v[q]! >= OBJ[o * OSTRIDE + 2]!) bits |= 1 << q;
          } else {
            let best = 0;
            for (let q = 0; q < players; q++) best = Math.max(best, v[q]!);
            for (let q = 0; q < players; q++) if (best > 0 && v[q] === best) bits |= 1 << q;
          }
          done[o] = bits;
        }
        if (bits & (1 << p)) TOTAL[p]! += 3;
      }
    }
  }
  private draw(p: number): void {
    const i = this.DECKP[p]!;
    this.HAND[p] = i < this.UNPLAYEDN[p]! ? this.DECK[p * MAXDECK + i]! : -1;
    this.DECKP[p] = i + 1;
  }
  private gain(p: number): number {
    let other = 0;
    for (let q = 0; q < this.players; q++) {
      if (q === p) continue;
      other = Math.max(other, this.S[S_SCORE + q]! - this.BEFORE[q]!);
    }
    return this.S[S_SCORE + p]! - this.BEFORE[p]! - other;
  }
  private playout(p: number, policy: number): void {
    const S = this.S;
    const full = this.shapeSize;
    while (S[S_NPLACED]! < full) {
      const d = this.HAND[p]!;
      if (d < 0) break;
      const n = this.legalCount();
      let pick = this.rngInt(n * 2);
      if (policy > 0) {
        for (let q = 0; q < this.players; q++) this.BEFORE[q] = S[S_SCORE + q]!;
        let best = -2147483648;
        let i = pick;
        this.trailOn = true;
        for (let k = 0; k < policy; k++) {
          if (k > 0) i = this.rngInt(n * 2);
          const m = this.tp;
          this.place(this.legalSelect(i >> 1), d, i & 1, p);
          const g = this.gain(p);
          this.undo(m);
          if (g > best) {
            best = g;
            pick = i;
          }
        }
        this.trailOn = false;
      }
      this.place(this.legalSelect(pick >> 1), d, pick & 1, p);
      this.draw(p);
      p = (p + 1) % this.players;
    }
  }
  private margin(me: number): number {
    this.totals();
    let other = -2147483648;
    for (let q = 0; q < this.players; q++) if (q !== me) other = Math.max(other, this.TOTAL[q]!);
    return this.TOTAL[me]! - other;
  }
  playouts(count: number, seed: number, toMove: number, policy: number): number {
    this.rng = seed | 0;
    let sum = 0;
    this.snapshot();
    for (let t = 0; t < count; t++) {
      this.determinise(-1, -1);
      this.trailOn = false;
      this.playout(toMove, policy);
      this.totals();
      for (let q = 0; q < this.players; q++) sum = (sum + (q + 1) * this.TOTAL[q]!) | 0;
      this.trailOn = true;
      this.restore();
    }
    return sum;
  }
  search(me: number, hand: number, playouts: number, seed: number, policy: number, halving = 0): Int32Array {
    this.rng = seed | 0;
    const S = this.S;
    const n = this.legalCells();
    const nc = n * 2;
    const cand = new Int32Array(nc);
    const out = new Int32Array(nc * SEARCH_STRIDE);
    const before = S[S_SCORE + me]!;
    for (let i = 0; i < nc; i++) {
      cand[i] = this.LEGAL[i >> 1]!;
      const m = this.tp;
      this.place(cand[i]!, hand, i & 1, me);
      out[i * SEARCH_STRIDE + 3] = S[S_SCORE + me]! - before;
      this.undo(m);
    }
    const runOne = (i: number) => {
      this.determinise(me, hand);
      runDealt(i);
    };
    const runDealt = (i: number) => {
      this.trailOn = false;
      this.place(cand[i]!, hand, i & 1, me);
      this.draw(me);
      this.playout((me + 1) % this.players, policy);
      const v = this.margin(me);
      const o = i * SEARCH_STRIDE;
      out[o + 4]!++;
      out[o + 5]! += v;
      out[o + 6]! += v > 0 ? 2 : v === 0 ? 1 : 0;
      this.trailOn = true;
      this.restore();
    };
    if (nc > 0) {
      this.snapshot();
      if (halving === 0) {
        for (let t = 0; t < playouts; t++) runOne(t % nc);
      } else if (halving === 2) {
        // round-robin on common deals, as assembly/routes/playout.ts `paired`
        let t = 0;
        const hand0 = new Int32Array(MAXP);
        const deckp0 = new Int32Array(MAXP);
        while (t < playouts) {
          this.determinise(me, hand);
          hand0.set(this.HAND);
          deckp0.set(this.DECKP);
          const r = this.rng;
          for (let i = 0; i < nc && t < playouts; i++) {
            this.rng = r;
            this.HAND.set(hand0);
            this.DECKP.set(deckp0);
            runDealt(i);
            t++;
          }
        }
      } else {
        // successive halving, exactly as assembly/routes/playout.ts
        const sum = (i: number) => out[i * SEARCH_STRIDE + 5]!;
        const cnt = (i: number) => out[i * SEARCH_STRIDE + 4]!;
        const better = (a: number, b: number) => {
          const l = sum(a) * Math.max(1, cnt(b));
          const r = sum(b) * Math.max(1, cnt(a));
          return l > r || (l === r && a < b);
        };
        const alive = Array.from({ length: nc }, (_, i) => i);
        let m = nc;
        let rounds = 0;
        while (1 << rounds < nc) rounds++;
        if (rounds === 0) rounds = 1;
        let left = playouts;
        for (let round = 0; round < rounds && left > 0; round++) {
          const last = round === rounds - 1 || m === 1;
          const per = last ? Math.floor(left / m) : Math.max(1, Math.floor(playouts / (m * rounds)));
          const extra = last ? left - per * m : 0;
          for (let t = 0; t < per + (extra > 0 ? 1 : 0); t++) {
            for (let k = 0; k < m && left > 0; k++) {
              if (t === per && k >= extra) break;
              runOne(alive[k]!);
              left--;
            }
          }
          if (last) break;
          for (let i = 1; i < m; i++) {
            const x = alive[i]!;
            let j = i - 1;
            while (j >= 0 && better(x, alive[j]!)) {
              alive[j + 1] = alive[j]!;
              j--;
            }
            alive[j + 1] = x;
          }
          m = (m + 1) >> 1;
        }
      }
    }
    for (let i = 0; i < nc; i++) {
      const o = i * SEARCH_STRIDE;
      out[o] = this.CELL_Q[cand[i]!]!;
      out[o + 1] = this.CELL_R[cand[i]!]!;
      out[o + 2] = i & 1;
    }
    return out;
  }
}
