// Timestamps of the last minute's admissions, for the UI's "sent this minute" (not used for decisions).

export class RecentWindow {
  private times: number[] = []
  private head = 0

  constructor(private readonly windowMs = 60_000) {}

  push(t: number): void {
    this.times.push(t)
  }

  count(now: number): number {
    while (this.head < this.times.length && this.times[this.head]! <= now - this.windowMs) this.head++
    // Compact now and then so the array does not grow with an unlimited policy.
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head)
      this.head = 0
    }
    return this.times.length - this.head
  }
}
