import { readdirSync, readFileSync } from 'node:fs'

// Linux's clock tick for /proc/<pid>/stat times (USER_HZ; 100 on every common build).
const TICK_MS = 10

/**
 * CPU time (user + system, ms) of every live process in a process group, from /proc: the
 * server side of a request, whatever else the machine is doing. On a shared machine requests/s
 * falls with other people's load; CPU per request moves much less. 0 where /proc is missing.
 */
export function groupCpuMs(pgid: number): number {
  let ticks = 0
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return 0
  }
  for (const pid of pids) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue
    }
    // Fields after the command name (which may hold spaces): state is [0], pgrp [2], utime [11].
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12])
  }
  return ticks * TICK_MS
}
