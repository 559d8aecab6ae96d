// The tag of every WAHA route (/api): the second OpenAPI document (/docs/waha/json) is the operations with it.
export const WAHA_TAG = 'WAHA API (/api)'
