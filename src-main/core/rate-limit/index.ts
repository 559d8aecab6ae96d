// Public surface of the rate-limit module: limiter, persisted counters, send queue, clock.
export * from './limits.js'
export * from './clock.js'
export { localDayKey, nextLocalMidnight } from './calendar.js'
export * from './counters-repo.js'
export * from './errors.js'
export * from './limiter.js'
export * from './send-queue.js'
