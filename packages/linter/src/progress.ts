/** Runs of at least this many files show a progress bar (on a terminal). */
export const PROGRESS_MIN_FILES = 20;
/** At most one redraw per interval: a terminal is slow next to linting a small file. */
export const PROGRESS_INTERVAL_MS = 100;

export interface Progress {
  /** One more unit done; `label` says what comes next. */
  tick(label?: string): void;
  /** Erases the bar (call before printing the report). */
  done(): void;
}

export interface ProgressOptions {
  total: number;
  enabled: boolean;
  write: (s: string) => void;
  columns?: number;
  now?: () => number;
  intervalMs?: number;
  /** What is counted ("files"). */
  unit?: string;
  /** What the first unit is (a step's description). */
  label?: string;
  /** Draw nothing before this many milliseconds: a fast run shows no bar at all. */
  delayMs?: number;
}

const NONE: Progress = { tick() {}, done() {} };

/** `[#####     ] 120/500 files` on one line, redrawn in place with a carriage return, erased at the end. */
export function progressLine(done: number, total: number, columns: number, unit = "files", label?: string): string {
  const count = ` ${done}/${total}${unit ? ` ${unit}` : ""}`;
  // A step's label needs the room more than the bar does.
  const width = Math.max(10, Math.min(label ? 20 : 40, columns - count.length - 3));
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const line = `[${"#".repeat(filled)}${" ".repeat(width - filled)}]${count}`;
  if (!label) return line;
  // The label is cut to the terminal: a wrapped line could not be erased with one carriage return.
  const room = columns - line.length - 3;
  return room >= 8 ? `${line}: ${label.length > room ? `${label.slice(0, room - 1)}…` : label}` : line;
}

const ERASE = "\r\u001b[2K";

export function createProgress(options: ProgressOptions): Progress {
  if (!options.enabled || options.total === 0) return NONE;
  const now = options.now ?? (() => performance.now());
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS;
  const columns = options.columns ?? 80;
  const unit = options.unit ?? "files";
  let done = 0;
  let label = options.label;
  let last = -Infinity;
  let drawn = false;
  let finished = false;
  let visible = !options.delayMs;
  const draw = () => {
    if (!visible || finished) return;
    options.write(`${ERASE}${progressLine(done, options.total, columns, unit, label)}`);
    drawn = true;
    last = now();
  };
  const timer = options.delayMs
    ? setTimeout(() => {
        visible = true;
        draw();
      }, options.delayMs)
    : undefined;
  timer?.unref?.();
  draw();
  return {
    tick(next) {
      done = Math.min(options.total, done + 1);
      if (next !== undefined) label = next;
      if (now() - last >= interval) draw();
    },
    done() {
      finished = true;
      if (timer) clearTimeout(timer);
      if (drawn) options.write(ERASE);
      drawn = false;
    },
  };
}
