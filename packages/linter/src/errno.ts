const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "file name too long",
  ENOTDIR: "a path component is not a directory",
  EIO: "input/output error",
  EMFILE: "too many open files",
  ENFILE: "too many open files in the system",
};

/** Why a file could not be read, in words a user acts on, with the errno for searching. */
export function unreadableReason(code: string | undefined): string {
  if (!code) return "cannot read";
  const reason = REASONS[code];
  return reason ? `cannot read: ${reason} (${code})` : `cannot read (${code})`;
}
