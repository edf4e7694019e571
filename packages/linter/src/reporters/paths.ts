import { relative } from "node:path";

/** True for a location that is not a file path: a live server's `mysql://host:port`. */
export function isUri(file: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file);
}

/** A location as reporters show it: relative to the working directory, or as is when it is a URI. */
export function displayPath(cwd: string, file: string): string {
  return isUri(file) ? file : relative(cwd, file) || file;
}
