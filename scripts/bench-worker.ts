// The benches' server runs in a child process and reports over IPC; this waits for the first
// message `pick` accepts.
import type { ChildProcess } from 'node:child_process';

export function nextMessage<T>(worker: ChildProcess, pick: (m: any) => T | undefined): Promise<T> {
  return new Promise<T>((resolve) => {
    const on = (m: any) => {
      const v = pick(m);
      if (v !== undefined) {
        worker.off('message', on);
        resolve(v);
      }
    };
    worker.on('message', on);
  });
}
