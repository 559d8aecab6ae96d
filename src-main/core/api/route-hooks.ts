// Route-level hooks added from an onRoute hook: a route's own hook option may be absent, one function or a list.
export const hookList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks])
