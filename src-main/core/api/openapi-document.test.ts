// The OpenAPI document at /docs/json is a contract for generated clients: it must be a valid OpenAPI 3 document
// (checked by swagger-parser against the official schema, $refs resolved) in both network modes (offline: the real-network mode pointed nowhere), and every
// operation must have a unique operationId-free path+method and a documented 2xx answer.
import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../testing/core-harness.js'

type Operation = { responses?: Record<string, unknown>; tags?: string[] }
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const

for (const network of ['offline', 'sandbox'] as const) {
  describe(`OpenAPI document (${network})`, () => {
    let t: TestCore
    beforeAll(async () => {
      t = await startTestCore(network, { plan: 'paid' })
    })
    afterAll(async () => t?.close())

    it('is a valid OpenAPI 3 document whose references all resolve', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json()
      expect(doc.openapi).toMatch(/^3\./)
      // validate() throws with the offending path on any schema violation or dangling $ref.
      await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined()
    })

    it('writes placeholders like <code> inside code spans, so /docs renders them instead of swallowing them as HTML', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { info: { description: string } }
      const text = doc.info.description
      expect(text).toContain('`Error: <code>. <message>. <hint>`')
      // Outside code spans, a "<word" would be read by the Markdown renderer as an HTML tag and hide the text after it.
      expect(text.replace(/`[^`\n]*`/g, '').match(/<[A-Za-z_/]/g)).toBeNull()
    })

    it('documents a success answer and a tag for every operation', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> }
      const missing: string[] = []
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const method of METHODS) {
          const op = item[method]
          if (!op) continue
          const codes = Object.keys(op.responses ?? {})
          if (!codes.some((c) => /^2\d\d$/.test(c))) missing.push(`${method.toUpperCase()} ${path}: no 2xx`)
          if (!op.tags?.length) missing.push(`${method.toUpperCase()} ${path}: no tag`)
        }
      }
      expect(missing).toEqual([])
    })
  })
}
