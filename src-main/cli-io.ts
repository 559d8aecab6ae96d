// Where a CLI command writes its lines (stdout/stderr in use, a recorder in tests): shared by the accounts commands
// so neither imports the other for it.

export interface CliIo {
  out(line: string): void
  err(line: string): void
}
