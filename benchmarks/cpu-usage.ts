import { readFileSync } from 'node:fs';

/**
 * CPU time from `/proc` (Linux), to tell afterwards whether something else competed for the cores during the run:
 * the load average only hints at it, and a test suite running alongside once made the numbers 2–5× worse.
 * Times are in the kernel's clock ticks (USER_HZ), the same unit in `/proc/stat` and `/proc/<pid>/stat`.
 */
export interface CpuReading {
  /** Ticks the whole machine spent busy (everything but idle and iowait), over all cores. */
  machineBusy: number;
  /** Ticks elapsed on all cores together (busy + idle). */
  machineTotal: number;
  /** User + system ticks of each watched process so far. */
  processes: Map<string, number>;
}

function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, i.e. 12 and 13 after "pid (comm) ".
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

export function readCpu(pids: Record<string, number>): CpuReading | undefined {
  try {
    const { busy, total } = machineTicks();
    return { machineBusy: busy, machineTotal: total, processes: new Map(Object.entries(pids).map(([name, pid]) => [name, processTicks(pid)])) };
  } catch {
    return undefined;
  }
}

/**
 * "CPU during <what>: machine 172% of 200% (benchmark 61%, server 38%, worker 55%; everything else 18%: Postgres,
 * Redis and any other process)". Percent of one core, averaged over the interval.
 */
export function describeCpu(what: string, start: CpuReading | undefined, end: CpuReading | undefined, cores: number): string {
  if (!start || !end) return `CPU during ${what}: unknown (no /proc)`;
  const elapsed = (end.machineTotal - start.machineTotal) / cores;
  if (elapsed <= 0) return `CPU during ${what}: unknown`;
  const percent = (ticks: number) => `${((ticks / elapsed) * 100).toFixed(0)}%`;
  const machine = end.machineBusy - start.machineBusy;
  let ours = 0;
  const parts = [...end.processes].map(([name, ticks]) => {
    const used = ticks - (start.processes.get(name) ?? Number.NaN);
    if (!Number.isNaN(used)) ours += used;
    return `${name} ${Number.isNaN(used) ? '–' : percent(used)}`;
  });
  return (
    `CPU during ${what}: machine ${percent(machine)} of ${cores * 100}% (${parts.join(', ')}; ` +
    `everything else ${percent(machine - ours)}: Postgres, Redis and any other process)`
  );
}

/**
 * Several intervals as one reading pair (from zero to the sum of their ticks), for `describeCpu`: the single-model
 * rounds of every run, say, which are interleaved with the comparison rounds.
 */
export function joinIntervals(intervals: readonly [CpuReading | undefined, CpuReading | undefined][]): [CpuReading | undefined, CpuReading | undefined] {
  const start: CpuReading = { machineBusy: 0, machineTotal: 0, processes: new Map() };
  const end: CpuReading = { machineBusy: 0, machineTotal: 0, processes: new Map() };
  for (const [from, to] of intervals) {
    if (!from || !to) return [undefined, undefined];
    end.machineBusy += to.machineBusy - from.machineBusy;
    end.machineTotal += to.machineTotal - from.machineTotal;
    for (const [name, ticks] of to.processes) {
      start.processes.set(name, 0);
      end.processes.set(name, (end.processes.get(name) ?? 0) + ticks - (from.processes.get(name) ?? Number.NaN));
    }
  }
  return [start, end];
}
